import {
  addressAutocompleteReply,
  addressDetail,
  addressIdParams,
  addressTermParams,
} from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { accountLimits } from '../../limits';
import { rateLimit } from '../../plugins/rate-limit';
import { AddressUnavailableError, createAddressProvider } from './providers';

const tags = ['address'];

/** Address look-up for the sign-up form: the browser asks us, we ask the provider with our key. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createAddressProvider(app.env, app.log);

  app.get(
    '/api/address/autocomplete/:term',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(accountLimits.addressLookup),
      schema: {
        tags,
        summary: 'Address suggestions for a search text of 3 or more characters',
        params: addressTermParams,
        response: { 200: addressAutocompleteReply, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => ({ suggestions: await provider.autocomplete(request.params.term) }),
  );

  app.get(
    '/api/address/get/:id',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(accountLimits.addressLookup),
      schema: {
        tags,
        summary: 'The address of a suggestion',
        description: 'The id is one a suggestion gave: letters, digits and `+ / = _ -` only (400 otherwise).',
        params: addressIdParams,
        response: {
          200: addressDetail,
          400: errorReplySchema,
          404: errorReplySchema,
          429: errorReplySchema,
          502: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      let detail: Awaited<ReturnType<typeof provider.get>>;
      try {
        detail = await provider.get(request.params.id);
      } catch (error) {
        if (!(error instanceof AddressUnavailableError)) throw error;
        request.log.warn({ reason: error.message }, 'Address detail unavailable');
        // Sent, not thrown: the error handler hides the message of every 5xx, and this one helps.
        return reply.code(502).send({ message: messages.server.addressUnavailable });
      }
      if (!detail) throw new HttpError(404, messages.server.addressNotFound);
      return detail;
    },
  );
};
