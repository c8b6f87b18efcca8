import type { BrandConfig } from '@app/brands';
import { messages } from '@app/contract/messages';
import { type PendingInvitation, workspaceMessages } from '@app/contract/workspace';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { randomToken, tokenHash } from '../auth/tokens';
import { enqueueMail } from '../mail/outbox';
import type { AuthUser } from '../users/repository';
import { invitationMail } from './mails';
import * as pending from './pending-invitations-repository';
import { readCompany } from './repository';
import { type CompanyContext, INVITE_TTL_DAYS } from './service';

const notFound = () => new HttpError(404, messages.server.notFound);

function toPending(row: pending.PendingInvitationRow): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    sentAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    expired: row.expires_at.getTime() <= Date.now(),
  };
}

/** The invitations of the user's company that wait to be accepted (never another company's). */
export async function listPendingInvitations(q: Queryable, user: AuthUser): Promise<PendingInvitation[]> {
  return (await pending.pendingInvitations(q, user.companyId)).map(toPending);
}

/** The invited address of a pending invitation of the user's company, for the per-mailbox limit. */
export async function pendingInvitationEmail(q: Queryable, user: AuthUser, id: number): Promise<string> {
  const row = await pending.pendingInvitation(q, user.companyId, id);
  if (!row) throw notFound();
  return row.email;
}

/**
 * Mails a pending invitation again with a new link (the earlier mail's link stops working) that
 * runs a full week from now. Another company's invitation is answered as not found.
 */
export async function resendInvitation(ctx: CompanyContext, brand: BrandConfig, user: AuthUser, id: number) {
  return ctx.db.transaction(async (tx) => {
    const token = randomToken();
    const row = await pending.renewInvitation(tx, {
      companyId: user.companyId,
      id,
      tokenHash: tokenHash(token),
      ttlDays: INVITE_TTL_DAYS,
      invitedBy: user.id,
    });
    if (!row) throw notFound();
    const company = await readCompany(tx, user.companyId);
    await enqueueMail(tx, invitationMail(brand, ctx.env, row.email, company.name, token));
    return {
      message: workspaceMessages.invitationResent(row.email),
      invitations: (await pending.pendingInvitations(tx, user.companyId)).map(toPending),
    };
  });
}

/** Cancels a pending invitation of the user's company: its link stops working. */
export async function cancelPendingInvitation(ctx: CompanyContext, user: AuthUser, id: number) {
  return ctx.db.transaction(async (tx) => {
    const row = await pending.pendingInvitation(tx, user.companyId, id);
    if (!row || !(await pending.cancelInvitation(tx, user.companyId, id))) throw notFound();
    return {
      message: workspaceMessages.invitationCancelled(row.email),
      invitations: (await pending.pendingInvitations(tx, user.companyId)).map(toPending),
    };
  });
}
