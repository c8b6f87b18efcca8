import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { pendingInvitationsChange, pendingInvitationsReply } from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitMailTo } from '../../lib/email-address';
import { invitationLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { rateLimit } from '../../plugins/rate-limit';
import {
  cancelPendingInvitation,
  listPendingInvitations,
  pendingInvitationEmail,
  resendInvitation,
} from './pending-invitations';

const tags = ['company'];
const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  429: errorReplySchema,
};

/** The company's pending invitations: listed, sent again, cancelled (master users). */
export const pendingInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, env: app.env };

  app.get(
    '/api/company/invitations',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: "Your company's invitations that wait to be accepted",
        response: { 200: pendingInvitationsReply, ...errors },
      },
    },
    (request) => listPendingInvitations(app.db, sessionUser(request)),
  );

  app.post(
    '/api/company/invitations/:id/resend',
    {
      config: { auth: 'master' },
      // Sends mail: the same limits as inviting, per address, per inviting user and per mailbox.
      preHandler: rateLimit(invitationLimits.request),
      schema: {
        tags,
        summary: 'Send a pending invitation again, with a new link',
        params: idParams,
        response: { 200: pendingInvitationsChange, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const email = await pendingInvitationEmail(app.db, user, request.params.id);
      if (app.env.rateLimits !== 'off')
        await limitMailTo(app.db, 'invitation', email, invitationLimits.recipient);
      return resendInvitation(ctx, request.brand, user, request.params.id);
    },
  );

  app.delete(
    '/api/company/invitations/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Cancel a pending invitation: its link stops working',
        params: idParams,
        response: { 200: pendingInvitationsChange, ...errors },
      },
    },
    (request) => cancelPendingInvitation(ctx, sessionUser(request), request.params.id),
  );
};
