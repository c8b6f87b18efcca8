import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import { changeSiteStickerReply, moveStickerHereBody } from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { accountLimits, guessLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { failureLimit, rateLimit } from '../../plugins/rate-limit';
import { moveStickerHere } from './move-here';

/** "Move it here": a sticker on another site of your company, added to this one instead (master users). */
export const moveStickerHereRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same limits as adding a sticker: the prefix number is still a secret of the printed sticker.
  const prefixGuesses = failureLimit(guessLimits.stickerCheck);

  app.post(
    '/api/stickers/site/signRef/move',
    {
      config: { auth: 'master' },
      preHandler: [rateLimit(accountLimits.stickerCheck), prefixGuesses.check],
      schema: {
        tags: ['stickers'],
        summary: 'Move a sticker from another site of your company to this one, in one transaction',
        body: moveStickerHereBody,
        response: {
          200: changeSiteStickerReply,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) => {
      try {
        const moved = await moveStickerHere(app.db, sessionUser(request), request.body);
        await prefixGuesses.succeeded(request);
        return moved;
      } catch (error) {
        if (error instanceof HttpError && error.message === messages.server.stickerNotFound) {
          await prefixGuesses.failed(request);
        }
        throw error;
      }
    },
  );
};
