import { idParams, messageReply } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import {
  acceptInvitationBody,
  companyBody,
  companyRecord,
  companyUsersReply,
  companyUserUpdateBody,
  invitationReply,
  inviteBody,
  tokenParams,
  workspaceMessages,
} from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/db';
import { limitMailTo } from '../../lib/email-address';
import { HttpError } from '../../lib/http-error';
import { sessionUser } from '../../plugins/auth';
import { type LimitWindow, type RouteLimit, rateLimit, tokenLinkLimit } from '../../plugins/rate-limit';
import { deleteUser } from '../account/data';
import { accountLimits } from '../auth/limits';
import { hashPassword } from '../auth/passwords';
import { randomToken, tokenHash } from '../auth/tokens';
import { enqueueMail } from '../mail/outbox';
import { invitationMail } from './mails';

const tags = ['company'];
const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
};
const notFound = () => new HttpError(404, messages.server.notFound);
const INVITE_TTL_DAYS = 7;
const HOUR = 3_600_000;

/**
 * Invitations send mail: a few an hour from one address or one inviting user, and a few a day to
 * one mailbox (however its address is spelt), so the workspace cannot be used to fill an inbox.
 */
export const invitationLimits = {
  request: {
    name: 'invitation',
    perAddress: { max: 20, windowMs: HOUR },
    perAccount: {
      max: 10,
      windowMs: HOUR,
      account: (request) => (request.auth?.kind === 'session' ? `user:${request.auth.user.id}` : undefined),
    },
  } satisfies RouteLimit,
  recipient: { max: 3, windowMs: 24 * HOUR } satisfies LimitWindow,
};

interface CompanyUserRow {
  id: number;
  user_name: string;
  email: string;
  firstname: string;
  surname: string;
  master_user: number;
  confirmed_at: Date | null;
}

function listUsers(q: Queryable, companyId: number) {
  return q
    .query<CompanyUserRow>(
      `select id, user_name, email, firstname, surname, master_user, confirmed_at
         from users where company_id = $1 order by lower(user_name)`,
      [companyId],
    )
    .then((rows) =>
      rows.map((r) => ({
        id: r.id,
        userName: r.user_name,
        email: r.email,
        firstname: r.firstname,
        surname: r.surname,
        masterUser: r.master_user === 1 ? (1 as const) : (0 as const),
        confirmedAt: r.confirmed_at?.toISOString() ?? null,
      })),
    );
}

function readCompany(q: Queryable, companyId: number) {
  return q.one<{
    id: number;
    name: string;
    address1: string;
    address2: string;
    address3: string;
    town: string;
    postcode: string;
    county: string;
    tel: string;
  }>(
    'select id, name, address1, address2, address3, town, postcode, county, tel from companies where id = $1',
    [companyId],
  );
}

/** Locks the company's users so that two changes of master users cannot leave none. */
async function lockCompanyUser(q: Queryable, companyId: number, userId: number) {
  const rows = await q.query<{ id: number; master_user: number }>(
    'select id, master_user from users where company_id = $1 order by id for update',
    [companyId],
  );
  const target = rows.find((r) => r.id === userId);
  if (!target) throw notFound();
  return { target, masters: rows.filter((r) => r.master_user === 1).length };
}

/** The company, its users and invitations: master users only, except accepting an invitation. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/company/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: "Your company's users",
        params: idParams,
        response: { 200: companyUsersReply, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      if (request.params.id !== user.companyId) throw notFound();
      return listUsers(app.db, user.companyId);
    },
  );

  app.get(
    '/api/company/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Your company details',
        params: idParams,
        response: { 200: companyRecord, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      if (request.params.id !== user.companyId) throw notFound();
      return readCompany(app.db, user.companyId);
    },
  );

  app.put(
    '/api/company/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Change your company details',
        params: idParams,
        body: companyBody,
        response: { 200: companyRecord, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      if (request.params.id !== user.companyId) throw notFound();
      const b = request.body;
      await app.db.query(
        `update companies set name = $2, address1 = $3, address2 = $4, address3 = $5, town = $6, postcode = $7,
                county = $8, tel = $9 where id = $1`,
        [user.companyId, b.name, b.address1, b.address2, b.address3, b.town, b.postcode, b.county, b.tel],
      );
      return readCompany(app.db, user.companyId);
    },
  );

  app.post(
    '/api/company/add',
    {
      config: { auth: 'master' },
      preHandler: rateLimit(invitationLimits.request),
      schema: {
        tags,
        summary: 'Invite a person by e-mail to become a user of your company',
        body: inviteBody,
        response: { 200: messageReply, 429: errorReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const { email } = request.body;
      if (app.env.rateLimits !== 'off')
        await limitMailTo(app.db, 'invitation', email, invitationLimits.recipient);
      await app.db.transaction(async (tx) => {
        const taken = await tx.maybeOne('select 1 from users where email = $1', [email]);
        if (taken) throw new HttpError(409, messages.server.emailTaken);
        const company = await readCompany(tx, user.companyId);
        const token = randomToken();
        // A new invitation to the same address replaces the old one.
        await tx.query(
          'delete from invitations where company_id = $1 and email = $2 and accepted_at is null',
          [user.companyId, email],
        );
        await tx.query(
          `insert into invitations (company_id, email, invited_by, token_hash, expires_at)
           values ($1, $2, $3, $4, now() + $5::int * interval '1 day')`,
          [user.companyId, email, user.id, tokenHash(token), INVITE_TTL_DAYS],
        );
        await enqueueMail(tx, invitationMail(request.brand, app.env, email, company.name, token));
      });
      return { message: workspaceMessages.invitationSent };
    },
  );

  app.put(
    '/api/company/users/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Make or unmake a master user of your company',
        params: idParams,
        body: companyUserUpdateBody,
        response: { 200: companyUsersReply, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      return app.db.transaction(async (tx) => {
        const { target, masters } = await lockCompanyUser(tx, companyId, request.params.id);
        if (request.body.masterUser === 0 && target.master_user === 1 && masters <= 1) {
          throw new HttpError(409, workspaceMessages.lastMaster);
        }
        await tx.query('update users set master_user = $2 where id = $1', [
          target.id,
          request.body.masterUser,
        ]);
        return listUsers(tx, companyId);
      });
    },
  );

  app.delete(
    '/api/company/users/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Remove a user from your company',
        params: idParams,
        response: { 200: companyUsersReply, ...errors },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      return app.db.transaction(async (tx) => {
        const { target } = await lockCompanyUser(tx, me.companyId, request.params.id);
        if (target.id === me.id) throw new HttpError(409, workspaceMessages.cannotRemoveSelf);
        await deleteUser(tx, target.id);
        return listUsers(tx, me.companyId);
      });
    },
  );

  app.get(
    '/api/company/invitations/:token',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(tokenLinkLimit),
      schema: {
        tags,
        summary: 'The company and address an invitation link is for',
        params: tokenParams,
        response: { 200: invitationReply, 400: errorReplySchema },
      },
    },
    async (request) => {
      const row = await app.db.maybeOne<{ email: string; name: string }>(
        `select i.email, c.name from invitations i join companies c on c.id = i.company_id
          where i.token_hash = $1 and i.accepted_at is null and i.expires_at > now()`,
        [tokenHash(request.params.token)],
      );
      if (!row) throw new HttpError(400, workspaceMessages.invitationInvalid);
      return { companyName: row.name, email: row.email };
    },
  );

  app.post(
    '/api/company/invitations/accept',
    {
      config: { auth: 'public' },
      // The tries at links first, in memory: a flood is refused before the database counts it.
      preHandler: [rateLimit(tokenLinkLimit), rateLimit(accountLimits.signUp)],
      schema: {
        tags,
        summary: 'Accept an invitation: choose a user name and password',
        body: acceptInvitationBody,
        response: { 200: messageReply, 400: errorReplySchema, 409: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      const b = request.body;
      const passwordHash = await hashPassword(b.password);
      await app.db.transaction(async (tx) => {
        const invitation = await tx.maybeOne<{ id: number; company_id: number; email: string }>(
          `update invitations set accepted_at = now()
            where token_hash = $1 and accepted_at is null and expires_at > now()
            returning id, company_id, email`,
          [tokenHash(b.token)],
        );
        if (!invitation) throw new HttpError(400, workspaceMessages.invitationInvalid);
        const clash = await tx.maybeOne<{ email: string }>(
          'select email from users where lower(user_name) = lower($1) or email = $2',
          [b.userName, invitation.email],
        );
        if (clash)
          throw new HttpError(
            409,
            clash.email === invitation.email ? messages.server.emailTaken : messages.server.userNameTaken,
          );
        // The invitation mail proved the address: the account is confirmed.
        await tx.query(
          `insert into users (company_id, user_name, email, password_hash, firstname, surname, master_user, confirmed_at)
           values ($1, $2, $3, $4, $5, $6, 0, now())`,
          [invitation.company_id, b.userName, invitation.email, passwordHash, b.firstname, b.surname],
        );
      });
      return { message: messages.signUp.success };
    },
  );
};
