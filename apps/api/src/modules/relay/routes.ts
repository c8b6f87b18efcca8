import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import {
  relayAnswerBody,
  relayBody,
  relayReply,
  relayRequestSchema,
  relayRequestsReply,
} from '@app/contract/lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bodyEmail } from '../../lib/email-address';
import { sessionUser } from '../../plugins/auth';
import { type RouteLimit, rateLimit } from '../../plugins/rate-limit';
import { companyRequest, companyRequests, markAnswered, sendRelay } from './service';

const tags = ['relay'];
const HOUR = 3_600_000;

/** A few messages an hour from one address, or to one sender's e-mail, is plenty for a person. */
export const relayLimit: RouteLimit = {
  name: 'relay',
  perAddress: { max: 5, windowMs: HOUR },
  perAccount: { max: 5, windowMs: HOUR, account: bodyEmail('email') },
};

export const relayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/signs/:signRef/contact',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(relayLimit),
      schema: {
        tags,
        summary: 'Contact the operator of a sign: a question, a copy of footage, or a complaint',
        description:
          "Mailed to the operator's master users, never showing their address; the visitor gets a reference.",
        params: z.object({ signRef: z.string().trim().min(1).max(40) }),
        body: relayBody,
        response: {
          200: relayReply,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    (request) =>
      sendRelay({ db: app.db, env: app.env, brand: request.brand }, request.params.signRef, request.body),
  );

  app.get(
    '/api/relay/requests',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Your company's requests from visitors, newest first, with the due and overwrite dates",
        response: { 200: relayRequestsReply, 401: errorReplySchema },
      },
    },
    async (request) => ({ requests: await companyRequests(app.db, sessionUser(request).companyId) }),
  );

  app.get(
    '/api/relay/requests/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One request to your company',
        params: idParams,
        response: { 200: relayRequestSchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    (request) => companyRequest(app.db, sessionUser(request).companyId, request.params.id),
  );

  app.put(
    '/api/relay/requests/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Mark one of your requests answered, or open again',
        params: idParams,
        body: relayAnswerBody,
        response: {
          200: relayRequestSchema,
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    (request) =>
      markAnswered(app.db, sessionUser(request).companyId, request.params.id, request.body.answered),
  );
};
