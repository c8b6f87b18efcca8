import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import {
  addSiteStickerBody,
  changeSiteStickerBody,
  changeSiteStickerReply,
  siteSticker,
  siteStickersReply,
} from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { accountLimits, guessLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { failureLimit, rateLimit } from '../../plugins/rate-limit';
import * as service from './service';

const tags = ['stickers'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** The signs of a company's sites: listing, adding a sticker, moving and retiring a sign. */
export const siteStickersRoutes: FastifyPluginAsyncZod = async (app) => {
  const prefixGuesses = failureLimit(guessLimits.stickerCheck);

  app.get(
    '/api/stickers/siteid/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The signs of a site of your company',
        params: idParams,
        response: { 200: siteStickersReply, ...errors },
      },
    },
    (request) => service.listSiteStickers(app.db, sessionUser(request).companyId, request.params.id),
  );

  app.get(
    '/api/stickers/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One sign of your company',
        params: idParams,
        response: { 200: siteSticker, ...errors },
      },
    },
    (request) => service.siteSticker(app.db, sessionUser(request).companyId, request.params.id),
  );

  app.post(
    '/api/stickers/site/signRef',
    {
      config: { auth: 'user' },
      preHandler: [rateLimit(accountLimits.stickerCheck), prefixGuesses.check],
      schema: {
        tags,
        summary: 'Add a free sticker (sign reference + prefix number) to a site of your company',
        body: addSiteStickerBody,
        response: { 200: siteSticker, 429: errorReplySchema, ...errors },
      },
    },
    async (request) => {
      // Counted once the transaction is over (the embedded database has one connection).
      try {
        const sticker = await service.addSiteSticker(app.db, sessionUser(request), request.body);
        await prefixGuesses.succeeded(request);
        return sticker;
      } catch (error) {
        if (error instanceof HttpError && error.message === messages.server.stickerNotFound) {
          await prefixGuesses.failed(request);
        }
        throw error;
      }
    },
  );

  app.put(
    '/api/stickers/site/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Move a sign to another site of your company, or retire it (it is released and shows nobody)',
        params: idParams,
        body: changeSiteStickerBody,
        response: { 200: changeSiteStickerReply, ...errors },
      },
    },
    (request) =>
      service.changeSiteSticker(app.db, sessionUser(request).companyId, request.params.id, request.body),
  );
};
