import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { siteBody, siteListReply, siteRecord } from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['sites'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema };

export interface SitesOptions {
  /** Who a user is, read by the users module (modules/registry.ts hands it). */
  findUser: service.FindUser;
}

/** Sites belong to a company: every call reads and writes only the caller's company's sites. */
export function sitesRoutes({ findUser }: SitesOptions): FastifyPluginAsyncZod {
  return async (app) => {
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
      (request) => service.listSitesOfCompany(app.db, sessionUser(request), request.params.id),
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
      (request) => service.listSitesOfUser(app.db, findUser, sessionUser(request), request.params.id),
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
      (request) => service.readSite(app.db, sessionUser(request).companyId, request.params.id),
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
      (request) => service.addSite(app.db, sessionUser(request).companyId, request.body),
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
      (request) => service.editSite(app.db, sessionUser(request).companyId, request.params.id, request.body),
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
      (request) => service.confirmSite(app.db, sessionUser(request).companyId, request.params.id),
    );
  };
}
