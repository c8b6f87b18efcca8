import { idParams, messageReply } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import {
  acceptInvitationBody,
  companyBody,
  companyRecord,
  companyUsersReply,
  companyUserUpdateBody,
  invitationReply,
  inviteBody,
  tokenParams,
} from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitMailTo } from '../../lib/email-address';
import { accountLimits, invitationLimits, tokenLinkLimit } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './service';

const tags = ['company'];
const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
};

/** The company, its users and invitations: master users only, except accepting an invitation. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, env: app.env };

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
    (request) => service.companyUsers(app.db, sessionUser(request), request.params.id),
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
    (request) => service.readCompany(app.db, sessionUser(request), request.params.id),
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
    (request) => service.updateCompany(app.db, sessionUser(request), request.params.id, request.body),
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
      // Per mailbox, however its address is spelt: counted before anything is stored or mailed.
      if (app.env.rateLimits !== 'off')
        await limitMailTo(app.db, 'invitation', email, invitationLimits.recipient);
      return service.invite(ctx, request.brand, user, email);
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
    (request) =>
      service.setMasterUser(
        app.db,
        sessionUser(request).companyId,
        request.params.id,
        request.body.masterUser,
      ),
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
    (request) => service.removeUser(app.db, sessionUser(request), request.params.id),
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
    (request) => service.invitation(app.db, request.params.token),
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
    (request) => service.acceptInvitation(app.db, request.body),
  );
};
