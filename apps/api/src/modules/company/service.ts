import type { BrandConfig } from '@app/brands';
import { messages } from '@app/contract/messages';
import type { acceptInvitationBody, CompanyUser, companyBody } from '@app/contract/workspace';
import { workspaceMessages } from '@app/contract/workspace';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import { hashPassword } from '../auth/passwords';
import { randomToken, tokenHash } from '../auth/tokens';
import { enqueueMail } from '../mail/outbox';
import type { AuthUser } from '../users/repository';
import { invitationMail } from './mails';
import * as repo from './repository';

export interface CompanyContext {
  db: Db;
  env: ResolvedEnv;
}

const notFound = () => new HttpError(404, messages.server.notFound);
export const INVITE_TTL_DAYS = 7;

/** A master user reaches only their own company: any other id is answered as not found. */
function ownCompany(user: AuthUser, companyId: number): number {
  if (companyId !== user.companyId) throw notFound();
  return companyId;
}

async function listUsers(q: Queryable, companyId: number): Promise<CompanyUser[]> {
  const rows = await repo.companyUsers(q, companyId);
  return rows.map((r) => ({
    id: r.id,
    userName: r.user_name,
    email: r.email,
    firstname: r.firstname,
    surname: r.surname,
    masterUser: r.master_user === 1 ? (1 as const) : (0 as const),
    confirmedAt: r.confirmed_at?.toISOString() ?? null,
  }));
}

export function companyUsers(db: Db, user: AuthUser, companyId: number): Promise<CompanyUser[]> {
  return listUsers(db, ownCompany(user, companyId));
}

export function readCompany(db: Db, user: AuthUser, companyId: number): Promise<repo.CompanyRow> {
  return repo.readCompany(db, ownCompany(user, companyId));
}

export async function updateCompany(
  db: Db,
  user: AuthUser,
  companyId: number,
  details: z.output<typeof companyBody>,
): Promise<repo.CompanyRow> {
  const id = ownCompany(user, companyId);
  await repo.updateCompany(db, id, details);
  return repo.readCompany(db, id);
}

/** Mails an invitation to become a user of the inviter's company; a new one replaces the old. */
export async function invite(ctx: CompanyContext, brand: BrandConfig, user: AuthUser, email: string) {
  await ctx.db.transaction(async (tx) => {
    if (await repo.isEmailInUse(tx, email)) throw new HttpError(409, messages.server.emailTaken);
    const company = await repo.readCompany(tx, user.companyId);
    const token = randomToken();
    await repo.replaceInvitation(tx, {
      companyId: user.companyId,
      email,
      invitedBy: user.id,
      tokenHash: tokenHash(token),
      ttlDays: INVITE_TTL_DAYS,
    });
    await enqueueMail(tx, invitationMail(brand, ctx.env, email, company.name, token));
  });
  return { message: workspaceMessages.invitationSent };
}

/** Locks the company's users so that two changes of master users cannot leave none. */
async function lockCompanyUser(q: Queryable, companyId: number, userId: number) {
  const rows = await repo.lockCompanyUsers(q, companyId);
  const target = rows.find((r) => r.id === userId);
  if (!target) throw notFound();
  return { target, masters: rows.filter((r) => r.master_user === 1).length };
}

/** Makes or unmakes a master user; the company always keeps at least one. */
export function setMasterUser(db: Db, companyId: number, userId: number, masterUser: 0 | 1) {
  return db.transaction(async (tx) => {
    const { target, masters } = await lockCompanyUser(tx, companyId, userId);
    if (masterUser === 0 && target.master_user === 1 && masters <= 1) {
      throw new HttpError(409, workspaceMessages.lastMaster);
    }
    await repo.setMasterUser(tx, target.id, masterUser);
    return listUsers(tx, companyId);
  });
}

/** Removes another user of the company (a master user cannot remove themself here). */
export function removeUser(db: Db, me: AuthUser, userId: number) {
  return db.transaction(async (tx) => {
    const { target } = await lockCompanyUser(tx, me.companyId, userId);
    if (target.id === me.id) throw new HttpError(409, workspaceMessages.cannotRemoveSelf);
    await repo.deleteUser(tx, target.id);
    return listUsers(tx, me.companyId);
  });
}

/** The company and address an invitation link is for, while the link is live. */
export async function invitation(db: Db, token: string) {
  const row = await repo.findLiveInvitation(db, tokenHash(token));
  if (!row) throw new HttpError(400, workspaceMessages.invitationInvalid);
  return { companyName: row.name, email: row.email };
}

/** The invited person becomes a user of the company, confirmed and not a master user. */
export async function acceptInvitation(db: Db, b: z.output<typeof acceptInvitationBody>) {
  const passwordHash = await hashPassword(b.password);
  await db.transaction(async (tx) => {
    const accepted = await repo.acceptInvitation(tx, tokenHash(b.token));
    if (!accepted) throw new HttpError(400, workspaceMessages.invitationInvalid);
    const clash = await repo.findUserNameOrEmail(tx, b.userName, accepted.email);
    if (clash)
      throw new HttpError(
        409,
        clash.email === accepted.email ? messages.server.emailTaken : messages.server.userNameTaken,
      );
    await repo.insertInvitedUser(tx, {
      companyId: accepted.company_id,
      userName: b.userName,
      email: accepted.email,
      passwordHash,
      firstname: b.firstname,
      surname: b.surname,
    });
  });
  return { message: messages.signUp.success };
}
