import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import { siteBody, siteListReply, siteRecord } from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { sessionUser } from '../../plugins/auth';
import { findUserById } from '../users/repository';
import { confirmSiteDetails, findCompanySite, insertSite, listCompanySites, updateSite } from './repository';

const tags = ['sites'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema };
const notFound = () => new HttpError(404, messages.server.notFound);

/** Sites belong to a company: every call reads and writes only the caller's company's sites. */
export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sites/company/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Your company's sites with sign counts and recent look-ups",
        params: idParams,
        response: { 200: siteListReply, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      if (request.params.id !== user.companyId) throw notFound();
      return listCompanySites(app.db, user.companyId);
    },
  );

  app.get(
    '/api/sites/user/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The sites of a user's company (yourself or a user of your company)",
        params: idParams,
        response: { 200: siteListReply, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const other = await findUserById(app.db, request.params.id);
      if (!other || other.companyId !== user.companyId) throw notFound();
      return listCompanySites(app.db, user.companyId);
    },
  );

  app.get(
    '/api/sites/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One site of your company',
        params: idParams,
        response: { 200: siteRecord, ...errors },
      },
    },
    async (request) => {
      const site = await findCompanySite(app.db, sessionUser(request).companyId, request.params.id);
      if (!site) throw notFound();
      return site;
    },
  );

  app.post(
    '/api/sites/add',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Add a site to your company',
        body: siteBody,
        response: { 200: siteRecord, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      return app.db.transaction(async (tx) => {
        const id = await insertSite(tx, companyId, request.body);
        const site = await findCompanySite(tx, companyId, id);
        if (!site) throw notFound();
        return site;
      });
    },
  );

  app.put(
    '/api/sites/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Edit a site of your company; saving confirms its details',
        params: idParams,
        body: siteBody,
        response: { 200: siteRecord, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      return app.db.transaction(async (tx) => {
        if (!(await updateSite(tx, companyId, request.params.id, request.body))) throw notFound();
        const site = await findCompanySite(tx, companyId, request.params.id);
        if (!site) throw notFound();
        return site;
      });
    },
  );

  app.post(
    '/api/sites/:id/confirm',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Confirm that a site's details are still correct",
        params: idParams,
        response: { 200: siteRecord, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      if (!(await confirmSiteDetails(app.db, companyId, request.params.id))) throw notFound();
      const site = await findCompanySite(app.db, companyId, request.params.id);
      if (!site) throw notFound();
      return site;
    },
  );
};
