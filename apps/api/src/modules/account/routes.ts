import { messageReply } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import {
  accountDetails,
  accountDetailsBody,
  cancelEmailChangeBody,
  changePasswordBody,
  confirmEmailBody,
  deleteAccountBody,
  workspaceMessages,
} from '@app/contract/workspace';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/db';
import { normaliseEmail } from '../../lib/email-address';
import { HttpError } from '../../lib/http-error';
import { publicOrigin } from '../../lib/public-url';
import { sessionUser } from '../../plugins/auth';
import { hitRateLimit, rateLimit, rateLimitedError, tokenLinkLimit } from '../../plugins/rate-limit';
import { accountLimits } from '../auth/limits';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { randomToken, signSessionToken, tokenHash } from '../auth/tokens';
import { mail } from '../company/mails';
import { enqueueMail } from '../mail/outbox';
import { findUserById } from '../users/repository';
import { deleteCompany, deleteUser, exportUserData } from './data';

const tags = ['account'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const EMAIL_CHANGE_TTL_SECONDS = 48 * 60 * 60;
/** The link to the old address that undoes a change works for a week. */
const EMAIL_CANCEL_TTL_SECONDS = 7 * 24 * 60 * 60;
const HOUR_MS = 60 * 60 * 1000;
/** E-mail changes send two mails each: at most this many per account, and per new address, an hour. */
const EMAIL_CHANGE_MAILS = { perAccount: 5, perAddress: 5, windowMs: HOUR_MS };

/** 409 when another account already has `email` (any account, when `userId` is not given). */
async function refuseTakenEmail(q: Queryable, email: string, userId = 0): Promise<void> {
  const taken = await q.maybeOne('select 1 from users where email = $1 and id <> $2', [email, userId]);
  if (taken) throw new HttpError(409, messages.server.emailTaken);
}

/** 429 once the account, or the mailbox of the new address, has had its e-mail-change mails. */
async function limitEmailChangeMail(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  to: string,
) {
  if (request.server.env.rateLimits === 'off') return;
  const checks: [string, number][] = [
    [`email-change:account:${userId}`, EMAIL_CHANGE_MAILS.perAccount],
    [`email-change:mailbox:${normaliseEmail(to)}`, EMAIL_CHANGE_MAILS.perAddress],
  ];
  for (const [key, max] of checks) {
    const hit = await hitRateLimit(request.server.db, key, EMAIL_CHANGE_MAILS.windowMs);
    if (hit.count > max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(hit.ttlMs / 1000))));
      throw rateLimitedError();
    }
  }
}

async function readDetails(q: Queryable, userId: number) {
  const row = await q.one<{
    id: number;
    user_name: string;
    title: string;
    firstname: string;
    surname: string;
    tel: string;
    email: string;
    master_user: number;
    company_id: number;
    company_name: string;
    pending_email: string | null;
  }>(
    `select u.id, u.user_name, u.title, u.firstname, u.surname, u.tel, u.email, u.master_user, u.company_id,
            c.name as company_name,
            (select t.new_email from user_tokens t
              where t.user_id = u.id and t.purpose = 'email-change' and t.used_at is null and t.expires_at > now()
              order by t.id desc limit 1) as pending_email
       from users u join companies c on c.id = u.company_id where u.id = $1`,
    [userId],
  );
  return {
    id: row.id,
    userName: row.user_name,
    title: row.title,
    firstname: row.firstname,
    surname: row.surname,
    tel: row.tel,
    email: row.email,
    pendingEmail: row.pending_email,
    masterUser: row.master_user === 1 ? (1 as const) : (0 as const),
    companyId: row.company_id,
    companyName: row.company_name,
  };
}

/** The signed-in user's own account: details, e-mail change, password, data download, deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Your own details', response: { 200: accountDetails, ...errors } },
    },
    (request) => readDetails(app.db, sessionUser(request).id),
  );

  app.put(
    '/api/account',
    {
      config: { auth: 'user' },
      // The current password is checked here when the address changes: guesses are limited.
      preHandler: rateLimit({ ...accountLimits.login, name: 'account-details' }),
      schema: {
        tags,
        summary:
          'Change your details; a new e-mail address needs the current password, and changes only once its confirmation link is used',
        body: accountDetailsBody,
        response: { 200: accountDetails, 429: errorReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const b = request.body;
      const emailChanges = b.email !== user.email;
      if (emailChanges) {
        // A stolen session alone must not be able to move the account to another mailbox.
        if (!b.currentPassword) throw new HttpError(400, workspaceMessages.emailChangeNeedsPassword);
        const stored = await findUserById(app.db, user.id);
        if (!stored || !(await verifyPassword(stored.passwordHash, b.currentPassword))) {
          throw new HttpError(400, workspaceMessages.currentPasswordWrong);
        }
        await refuseTakenEmail(app.db, b.email);
        await limitEmailChangeMail(request, reply, user.id, b.email);
      }
      return app.db.transaction(async (tx) => {
        await tx.query('update users set title = $2, firstname = $3, surname = $4, tel = $5 where id = $1', [
          user.id,
          b.title,
          b.firstname,
          b.surname,
          b.tel,
        ]);
        if (emailChanges) {
          // Only the newest link works.
          await tx.query(
            `update user_tokens set used_at = now() where user_id = $1 and purpose = 'email-change' and used_at is null`,
            [user.id],
          );
          const token = randomToken();
          await tx.query(
            `insert into user_tokens (user_id, purpose, token_hash, expires_at, new_email)
             values ($1, 'email-change', $2, now() + $3::int * interval '1 second', $4)`,
            [user.id, tokenHash(token), EMAIL_CHANGE_TTL_SECONDS, b.email],
          );
          const origin = publicOrigin(request.brand, app.env);
          const link = `${origin}/update-details?emailToken=${encodeURIComponent(token)}`;
          await enqueueMail(
            tx,
            mail(request.brand, b.email, 'Confirm your new e-mail address', [
              `Please confirm that ${b.email} is the new e-mail address of ${user.userName}: ${link}`,
              'The link works for 48 hours. Until then we keep writing to your old address.',
            ]),
          );
          // Earlier cancel links stay alive: the owner must be able to undo every change.
          const cancel = randomToken();
          await tx.query(
            `insert into user_tokens (user_id, purpose, token_hash, expires_at, new_email, old_email)
             values ($1, 'email-cancel', $2, now() + $3::int * interval '1 second', $4, $5)`,
            [user.id, tokenHash(cancel), EMAIL_CANCEL_TTL_SECONDS, b.email, user.email],
          );
          const cancelLink = `${origin}/update-details?cancelEmailToken=${encodeURIComponent(cancel)}`;
          await enqueueMail(
            tx,
            mail(request.brand, user.email, 'Your e-mail address is being changed', [
              `Someone signed in as ${user.userName} has asked to change the account's e-mail address from ${user.email} to ${b.email}.`,
              'If that was you, there is nothing more to do.',
              `If it was not you, cancel the change with this link (it works for 7 days, also after the new address is confirmed): ${cancelLink}`,
              'Cancelling puts this address back and signs out everyone using your account.',
            ]),
          );
        }
        return readDetails(tx, user.id);
      });
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
    async (request) => {
      await app.db.transaction(async (tx) => {
        const row = await tx.maybeOne<{ user_id: number; new_email: string }>(
          `update user_tokens set used_at = now()
            where token_hash = $1 and purpose = 'email-change' and used_at is null and expires_at > now()
            returning user_id, new_email`,
          [tokenHash(request.body.token)],
        );
        if (!row) throw new HttpError(400, workspaceMessages.emailChangeInvalid);
        await refuseTakenEmail(tx, row.new_email, row.user_id);
        await tx.query('update users set email = $2 where id = $1', [row.user_id, row.new_email]);
      });
      return { message: workspaceMessages.emailChanged };
    },
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
    async (request) => {
      await app.db.transaction(async (tx) => {
        const row = await tx.maybeOne<{ user_id: number; old_email: string }>(
          `update user_tokens set used_at = now()
            where token_hash = $1 and purpose = 'email-cancel' and used_at is null and expires_at > now()
            returning user_id, old_email`,
          [tokenHash(request.body.token)],
        );
        if (!row) throw new HttpError(400, workspaceMessages.emailCancelInvalid);
        const user = await tx.one<{ email: string }>('select email from users where id = $1 for update', [
          row.user_id,
        ]);
        if (user.email !== row.old_email) {
          await refuseTakenEmail(tx, row.old_email, row.user_id);
          await tx.query('update users set email = $2 where id = $1', [row.user_id, row.old_email]);
        }
        // Whoever asked for the change loses every way in that did not need the owner's mailbox:
        // sessions, pending changes and reset links (which may have gone to the new address).
        await tx.query(
          `update user_tokens set used_at = now()
            where user_id = $1 and purpose in ('email-change', 'reset') and used_at is null`,
          [row.user_id],
        );
        await tx.query(
          `update users set session_version = session_version + 1, password_version = password_version + 1
            where id = $1`,
          [row.user_id],
        );
      });
      return { message: workspaceMessages.emailChangeCancelled };
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { auth: 'user' },
      preHandler: rateLimit({ ...accountLimits.login, name: 'password-change' }),
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
    async (request) => {
      const user = sessionUser(request);
      const stored = await findUserById(app.db, user.id);
      if (!stored || !(await verifyPassword(stored.passwordHash, request.body.currentPassword))) {
        throw new HttpError(400, workspaceMessages.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      const row = await app.db.one<{ session_version: number }>(
        `update users set password_hash = $2, session_version = session_version + 1,
                password_version = password_version + 1 where id = $1 returning session_version`,
        [user.id, passwordHash],
      );
      // This session carries on with a new token; every token issued before is refused.
      const token = await signSessionToken(app.env.jwtSecret, {
        ...user,
        sessionVersion: row.session_version,
      });
      return { message: workspaceMessages.passwordChanged, token };
    },
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
      return exportUserData(app.db, user);
    },
  );

  app.post(
    '/api/account/delete',
    {
      config: { auth: 'user' },
      preHandler: rateLimit({ ...accountLimits.login, name: 'account-delete' }),
      schema: {
        tags,
        summary:
          "Delete your account; the only master user's deletion removes the company and releases its signs",
        body: deleteAccountBody,
        response: { 200: messageReply, 429: errorReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const stored = await findUserById(app.db, user.id);
      if (!stored || !(await verifyPassword(stored.passwordHash, request.body.password))) {
        throw new HttpError(400, workspaceMessages.currentPasswordWrong);
      }
      await app.db.transaction(async (tx) => {
        const others = await tx.query<{ master_user: number }>(
          'select master_user from users where company_id = $1 and id <> $2 for update',
          [user.companyId, user.id],
        );
        const companyGoes = user.masterUser && !others.some((o) => o.master_user === 1);
        if (companyGoes) await deleteCompany(tx, user.companyId);
        else await deleteUser(tx, user.id);
        // Earlier mail to the address goes too; only the goodbye below is kept, to be delivered.
        await tx.query('delete from mail_outbox where to_address = $1', [user.email]);
        await enqueueMail(
          tx,
          mail(request.brand, user.email, 'Your account has been deleted', [
            companyGoes
              ? 'Your account, your company, its sites and their published details have been deleted. Its signs have been released and no longer show your details.'
              : 'Your account has been deleted. Your company and its sites remain with its other users.',
            'If you did not ask for this, please contact us.',
          ]),
        );
      });
      return { message: workspaceMessages.accountDeleted };
    },
  );
};
