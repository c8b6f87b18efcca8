import { messageReply } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import {
  accountDetails,
  accountDetailsBody,
  cancelEmailChangeBody,
  changePasswordBody,
  confirmEmailBody,
  deleteAccountBody,
} from '@app/contract/workspace';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseEmail } from '../../lib/email-address';
import { accountLimits, EMAIL_CHANGE_MAILS, tokenLinkLimit } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { countInDatabase, rateLimit, rateLimitedError } from '../../plugins/rate-limit';
import * as service from './service';

const tags = ['account'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/** 429 once the account, or the mailbox of the new address, has had its e-mail-change mails. */
async function limitEmailChangeMail(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  to: string,
) {
  if (request.server.env.rateLimits === 'off') return;
  const { windowMs } = EMAIL_CHANGE_MAILS;
  const checks = [
    { per: 'account', subject: userId, max: EMAIL_CHANGE_MAILS.perAccount },
    { per: 'mailbox', subject: normaliseEmail(to), max: EMAIL_CHANGE_MAILS.perAddress },
  ];
  for (const { per, subject, max } of checks) {
    const mails = await countInDatabase(
      request.server.db,
      { name: 'email-change', per, subject },
      { max, windowMs },
    );
    if (!mails.within) {
      reply.header('retry-after', String(mails.retryAfterSeconds));
      throw rateLimitedError();
    }
  }
}

/** The signed-in user's own account: details, e-mail change, password, data download, deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, env: app.env };

  app.get(
    '/api/account',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Your own details', response: { 200: accountDetails, ...errors } },
    },
    (request) => service.readDetails(app.db, sessionUser(request).id),
  );

  app.put(
    '/api/account',
    {
      config: { auth: 'user' },
      // The current password is checked here when the address changes: guesses are limited.
      preHandler: rateLimit(accountLimits.accountDetails),
      schema: {
        tags,
        summary:
          'Change your details; a new e-mail address needs the current password, and changes only once its confirmation link is used',
        body: accountDetailsBody,
        response: { 200: accountDetails, 429: errorReplySchema, ...errors },
      },
    },
    (request, reply) => {
      const user = sessionUser(request);
      return service.updateDetails(ctx, request.brand, user, request.body, (to) =>
        limitEmailChangeMail(request, reply, user.id, to),
      );
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(tokenLinkLimit),
      schema: {
        tags,
        summary: 'Use the link sent to a new e-mail address',
        body: confirmEmailBody,
        response: { 200: messageReply, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    (request) => service.confirmEmailChange(app.db, request.body.token),
  );

  app.post(
    '/api/account/email/cancel',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(tokenLinkLimit),
      schema: {
        tags,
        summary:
          'Use the link sent to the old e-mail address: the old address comes back, every session and reset link ends',
        body: cancelEmailChangeBody,
        response: { 200: messageReply, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    (request) => service.cancelEmailChange(app.db, request.body.token),
  );

  app.post(
    '/api/account/password',
    {
      config: { auth: 'user' },
      preHandler: rateLimit(accountLimits.passwordChange),
      schema: {
        tags,
        summary: 'Change your password (current password required); every other session ends',
        body: changePasswordBody,
        response: {
          200: z.object({ message: z.string(), token: z.string() }),
          429: errorReplySchema,
          ...errors,
        },
      },
    },
    (request) => service.changePassword(ctx, sessionUser(request), request.body),
  );

  app.get(
    '/api/account/export',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Download everything we hold about you and your company (JSON)',
        response: { 200: z.record(z.string(), z.array(z.unknown())), ...errors },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return service.exportUserData(app.db, user);
    },
  );

  app.post(
    '/api/account/delete',
    {
      config: { auth: 'user' },
      preHandler: rateLimit(accountLimits.accountDelete),
      schema: {
        tags,
        summary:
          "Delete your account; the only master user's deletion removes the company and releases its signs",
        body: deleteAccountBody,
        response: { 200: messageReply, 429: errorReplySchema, ...errors },
      },
    },
    (request) => service.deleteAccount(app.db, request.brand, sessionUser(request), request.body.password),
  );
};
