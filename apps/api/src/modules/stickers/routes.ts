import {
  idParams,
  issueStickersBody,
  issueStickersReply,
  linkedSticker,
  stickerCheckBody,
  stickerCheckReply,
  stickerLinkBody,
} from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountLimits, guessLimits } from '../../limits';
import { checkAdmin } from '../../plugins/admin';
import { sessionUser } from '../../plugins/auth';
import { failureLimit, rateLimit } from '../../plugins/rate-limit';
import { checkSticker, confirmStickerLink, issueNewStickers } from './service';

const tags = ['stickers'];

export const stickersRoutes: FastifyPluginAsyncZod = async (app) => {
  const prefixGuesses = failureLimit(guessLimits.stickerCheck);

  app.post(
    '/api/stickers/signref',
    {
      config: { auth: 'public' },
      preHandler: [rateLimit(accountLimits.stickerCheck), prefixGuesses.check],
      schema: {
        tags,
        summary: 'Check a sticker (sign reference and prefix number) before sign-up',
        body: stickerCheckBody,
        response: { 200: stickerCheckReply, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      const answer = await checkSticker(app.db, request.body);
      // A free or a taken sticker: the prefix number was right.
      if (answer.result.length) await prefixGuesses.succeeded(request);
      else await prefixGuesses.failed(request);
      return answer;
    },
  );

  app.put(
    '/api/stickers/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Confirm a sticker's link to a site of your company (sign-up has made it)",
        params: idParams,
        body: stickerLinkBody,
        response: {
          200: linkedSticker,
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    (request) => confirmStickerLink(app.db, sessionUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/stickers',
    {
      config: { auth: 'public' },
      onRequest: async (request) => checkAdmin(request, app.adminToken),
      schema: {
        tags: ['admin'],
        summary: 'Issue new stickers (the sticker CLI; loopback only, header x-admin-token)',
        body: issueStickersBody,
        response: {
          200: issueStickersReply,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
        },
      },
    },
    async (request) => {
      const stickers = await issueNewStickers(app.db, request.body.count);
      request.log.info({ count: stickers.length }, 'Issued stickers');
      return { stickers };
    },
  );
};
