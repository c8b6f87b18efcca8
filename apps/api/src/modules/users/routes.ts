import {
  confirmQuery,
  forgotPasswordBody,
  idParams,
  loginBody,
  loginReply,
  messageReply,
  resendConfirmationBody,
  resetPasswordBody,
  signUpBody,
  signUpReply,
  userLookupBody,
  userLookupReply,
  userReply,
  userUpdateBody,
  userUpdateReply,
} from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import { signUpCheckBody, signUpCheckReply } from '@app/contract/sign-up-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { accountLimits, guessLimits } from '../../limits';
import { authOf, sessionUser } from '../../plugins/auth';
import { failureLimit, rateLimit } from '../../plugins/rate-limit';
import { signInGuard } from '../auth/sign-in-guard';
import {
  forgotPassword,
  login,
  logout,
  lookupUser,
  readUser,
  readUserToConfirm,
  resendConfirmation,
  resetPassword,
  signUp,
  updateUser,
} from './service';
import { checkSignUp } from './sign-up-check';

const tags = ['users'];
const limited = { 429: errorReplySchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const signInGuesses = signInGuard();
  const prefixGuesses = failureLimit(guessLimits.stickerCheck);

  app.post(
    '/api/users/add',
    {
      config: { auth: 'public' },
      // Sign-up checks the prefix number again: guessing it here counts as at the sticker check.
      preHandler: [rateLimit(accountLimits.signUp), prefixGuesses.check],
      schema: {
        tags,
        summary: 'Sign up: company, master user, first site and the sticker, in one go',
        description:
          'Also carries `prefixNo` (docs/decisions/0002). `success: false` with a message when the sticker, user name or e-mail is not available.',
        body: signUpBody,
        response: { 200: signUpReply, 400: errorReplySchema, ...limited },
      },
    },
    async (request) => {
      const reply = await signUp({ db: app.db, env: app.env, brand: request.brand }, request.body);
      if (reply.message === messages.server.stickerNotFound) await prefixGuesses.failed(request);
      else await prefixGuesses.succeeded(request);
      return reply;
    },
  );

  app.post(
    '/api/users/sign-up-check',
    {
      config: { auth: 'public' },
      // Needs the sticker's prefix number: a wrong one counts as a guess at the sticker check.
      preHandler: [rateLimit(accountLimits.signUpCheck), prefixGuesses.check],
      schema: {
        tags,
        summary: 'Sign-up: whether a user name and e-mail address are still free, with a free sticker',
        description:
          'Every problem at once, each on its field. 400 when the sticker is unknown, has another prefix number or is registered (docs/decisions/0045).',
        body: signUpCheckBody,
        response: { 200: signUpCheckReply, 400: errorReplySchema, ...limited },
      },
    },
    async (request) => {
      try {
        const reply = await checkSignUp(app.db, request.body);
        await prefixGuesses.succeeded(request);
        return reply;
      } catch (error) {
        if (error instanceof HttpError && error.message === messages.server.stickerNotFound) {
          await prefixGuesses.failed(request);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/users/login',
    {
      config: { auth: 'public' },
      preHandler: [rateLimit(accountLimits.login), signInGuesses.check],
      schema: {
        tags,
        summary: 'Sign in: a session token for a confirmed account',
        description:
          'Guessing is bounded per address (docs/decisions/0010) and per account: after 10 tries from browsers that have not signed in to the account, each further one waits, while a browser with the device token (an httpOnly cookie) given at its last sign-in is heard (docs/decisions/0046).',
        body: loginBody,
        response: { 200: loginReply, 400: errorReplySchema, 401: loginReply, 403: loginReply, ...limited },
      },
    },
    async (request, reply) => {
      const result = await login({ db: app.db, env: app.env }, request.body);
      // 403 (not confirmed yet) also means the password was right.
      await signInGuesses.settle(request, reply, result.status === 401 ? 'wrong' : 'right', result.user);
      return reply.code(result.status).send(result.reply);
    },
  );

  app.post(
    '/api/users/user',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(accountLimits.userLookup),
      schema: {
        tags,
        summary: 'Whether a user name exists and is confirmed',
        body: userLookupBody,
        response: { 200: userLookupReply, 400: errorReplySchema, ...limited },
      },
    },
    (request) => lookupUser(app.db, request.body.userName),
  );

  app.post(
    '/api/users/resend-confirmation',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(accountLimits.resendConfirmation),
      schema: {
        tags,
        summary: 'A new confirmation link for an unconfirmed account (earlier links stop working)',
        body: resendConfirmationBody,
        response: { 200: messageReply, 400: errorReplySchema, ...limited },
      },
    },
    async (request) => {
      await resendConfirmation({ db: app.db, env: app.env, brand: request.brand }, request.body.userName);
      return { message: messages.server.confirmationSent };
    },
  );

  app.post(
    '/api/users/logout',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Log Out: the session ends on the server (every session of the user, on every device)',
        response: { 200: messageReply, 401: errorReplySchema },
      },
    },
    (request) => logout(app.db, sessionUser(request).id),
  );

  app.post(
    '/api/users/forgot-password',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(accountLimits.forgotPassword),
      schema: {
        tags,
        summary: 'Mail a password reset link (valid one hour, single use)',
        body: forgotPasswordBody,
        response: { 200: messageReply, 400: errorReplySchema, ...limited },
      },
    },
    (request) => forgotPassword({ db: app.db, env: app.env, brand: request.brand }, request.body.email),
  );

  for (const url of ['/api/users/reset-password/', '/api/users/reset-password']) {
    app.put(
      url,
      {
        config: { auth: 'reset' },
        schema: {
          tags,
          summary: 'Set a new password with the reset link (Authorization: Bearer <reset token>)',
          hide: !url.endsWith('/'),
          body: resetPasswordBody,
          response: { 200: messageReply, 400: errorReplySchema, 401: errorReplySchema },
        },
      },
      (request) =>
        resetPassword({ db: app.db, env: app.env, brand: request.brand }, request.auth, request.body),
    );
  }

  app.get(
    '/api/users/confirmuser/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The account a confirmation link is for (needs the link token)',
        params: idParams,
        querystring: confirmQuery,
        response: { 200: userReply, 400: errorReplySchema },
      },
    },
    async (request) => [await readUserToConfirm(app.db, request.params.id, request.query.token)],
  );

  app.get(
    '/api/users/:id',
    {
      config: { auth: ['user', 'reset'] },
      schema: {
        tags,
        summary: 'A user: yourself, or a user of your company when you are its master user',
        description: 'Authorization: a session token, or the reset token of that user.',
        params: idParams,
        response: { 200: userReply, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => [await readUser(app.db, authOf(request), request.params.id)],
  );

  app.put(
    '/api/users/:id',
    {
      config: { auth: 'optional' },
      preHandler: rateLimit(accountLimits.userUpdate),
      schema: {
        tags,
        summary: 'Update a user; confirms an account only with the token of its confirmation mail',
        description:
          "Without a session or a token of that user's confirmation mail: 401, the same answer for every id.",
        params: idParams,
        body: userUpdateBody,
        response: {
          200: userUpdateReply,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          ...limited,
        },
      },
    },
    (request) => updateUser(app.db, request.auth, request.params.id, request.body),
  );
};
