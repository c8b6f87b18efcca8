import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import {
  publicationBody,
  publicationReply,
  publicSignParams,
  publicSignReply,
} from '@app/contract/workspace';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandKey, tagReply } from '../../lib/cdn-keys';
import { HttpError } from '../../lib/http-error';
import { publicCache } from '../../lib/public-cache';
import { sessionUser } from '../../plugins/auth';
import { followCompany, readPublication, savePublication } from './service';

const tags = ['contact publication'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };

/** What the public sees of a company: editing is for its master users only. */
export const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/contact/publication',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: "Your company's published contact details, per site, with previews",
        response: { 200: publicationReply, ...errors },
      },
    },
    (request) => readPublication(app.db, sessionUser(request).companyId),
  );

  app.put(
    '/api/contact/publication',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Choose what the public sees, for the company (siteId null) or one site where it differs',
        body: publicationBody,
        response: { 200: publicationReply, ...errors },
      },
    },
    (request) => savePublication(app.db, sessionUser(request).companyId, request.body),
  );

  app.delete(
    '/api/contact/publication/site/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: "A site follows the company's settings again",
        params: idParams,
        response: { 200: publicationReply, ...errors },
      },
    },
    (request) => followCompany(app.db, sessionUser(request).companyId, request.params.id),
  );

  app.get(
    '/api/public/sign/:signRef',
    {
      config: { auth: 'public', publicCache: publicCache.sign },
      schema: {
        tags,
        summary: "A sign's operator, site and published contact, as a visitor sees them",
        params: publicSignParams,
        response: { 200: publicSignReply, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const found = await app.findSign(request.params.signRef);
      const scheme = found?.sign.scheme;
      if (!found || !scheme) throw new HttpError(404, messages.server.notFound);
      // Purged with the sign, its site or its company (docs/decisions/0054).
      tagReply(reply as FastifyReply, [brandKey(request.brand.id), ...found.keys]);
      return {
        signRef: found.sign.signRef,
        operator: scheme.operator,
        site: scheme.siteName,
        detailsOutOfDate: scheme.mayBeOutOfDate,
        contact: scheme.contact,
      };
    },
  );
};
