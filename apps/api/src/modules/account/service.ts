import type { BrandConfig } from '@app/brands';
import { messages } from '@app/contract/messages';
import type { AccountDetails, accountDetailsBody, changePasswordBody } from '@app/contract/workspace';
import { workspaceMessages } from '@app/contract/workspace';
import type { z } from 'zod';
import { type Db, isUniqueViolation, type Queryable } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import { publicOrigin } from '../../lib/public-url';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { signSessionToken } from '../auth/tokens';
import { issueEmailToken, pendingNewEmail, revokeUserTokens, useEmailToken } from '../auth/user-tokens';
import { mail } from '../company/mails';
import { deleteUser } from '../company/repository';
import { enqueueMail } from '../mail/outbox';
import { type AuthUser, findUserById } from '../users/repository';
import * as repo from './repository';

export interface AccountContext {
  db: Db;
  env: ResolvedEnv;
}

const EMAIL_CHANGE_TTL_SECONDS = 48 * 60 * 60;
/** The link to the old address that undoes a change works for a week. */
const EMAIL_CANCEL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** 409 when another account already has `email` (any account, when `userId` is not given). */
async function refuseTakenEmail(q: Queryable, email: string, userId = 0): Promise<void> {
  if (await repo.isEmailTaken(q, email, userId)) throw new HttpError(409, messages.server.emailTaken);
}

/** 400 unless `password` is the user's current one. */
async function requirePassword(db: Db, userId: number, password: string): Promise<void> {
  const stored = await findUserById(db, userId);
  if (!stored || !(await verifyPassword(stored.passwordHash, password))) {
    throw new HttpError(400, workspaceMessages.currentPasswordWrong);
  }
}

export async function readDetails(q: Queryable, userId: number): Promise<AccountDetails> {
  const row = await repo.detailsRow(q, userId);
  return {
    id: row.id,
    userName: row.user_name,
    title: row.title,
    firstname: row.firstname,
    surname: row.surname,
    tel: row.tel,
    email: row.email,
    pendingEmail: await pendingNewEmail(q, userId),
    masterUser: row.master_user === 1 ? (1 as const) : (0 as const),
    companyId: row.company_id,
    companyName: row.company_name,
  };
}

/**
 * Changes the user's details. A new e-mail address needs the current password, and changes only
 * once the link mailed to it is used; the old address is told, with a link that undoes the change.
 * `limitMail` is called for a new address once it is known to be free, before anything is stored.
 */
export async function updateDetails(
  ctx: AccountContext,
  brand: BrandConfig,
  user: AuthUser,
  b: z.output<typeof accountDetailsBody>,
  limitMail: (to: string) => Promise<void>,
): Promise<AccountDetails> {
  const emailChanges = b.email !== user.email;
  if (emailChanges) {
    // A stolen session alone must not be able to move the account to another mailbox.
    if (!b.currentPassword) throw new HttpError(400, workspaceMessages.emailChangeNeedsPassword);
    await requirePassword(ctx.db, user.id, b.currentPassword);
    await refuseTakenEmail(ctx.db, b.email);
    await limitMail(b.email);
  }
  return ctx.db.transaction(async (tx) => {
    await repo.updateDetails(tx, user.id, b);
    if (emailChanges) {
      // Only the newest link works.
      const token = await issueEmailToken(tx, user.id, 'email-change', EMAIL_CHANGE_TTL_SECONDS, {
        newEmail: b.email,
      });
      const origin = publicOrigin(brand, ctx.env);
      const link = `${origin}/update-details?emailToken=${encodeURIComponent(token)}`;
      await enqueueMail(
        tx,
        mail(brand, b.email, 'Confirm your new e-mail address', [
          `Please confirm that ${b.email} is the new e-mail address of ${user.userName}: ${link}`,
          'The link works for 48 hours. Until then we keep writing to your old address.',
        ]),
      );
      // Earlier cancel links stay alive: the owner must be able to undo every change.
      const cancel = await issueEmailToken(tx, user.id, 'email-cancel', EMAIL_CANCEL_TTL_SECONDS, {
        newEmail: b.email,
        oldEmail: user.email,
      });
      const cancelLink = `${origin}/update-details?cancelEmailToken=${encodeURIComponent(cancel)}`;
      await enqueueMail(
        tx,
        mail(brand, user.email, 'Your e-mail address is being changed', [
          `Someone signed in as ${user.userName} has asked to change the account's e-mail address from ${user.email} to ${b.email}.`,
          'If that was you, there is nothing more to do.',
          `If it was not you, cancel the change with this link (it works for 7 days, also after the new address is confirmed): ${cancelLink}`,
          'Cancelling puts this address back and signs out everyone using your account.',
        ]),
      );
    }
    return readDetails(tx, user.id);
  });
}

/** The link sent to a new address was used: the address becomes the account's. */
export async function confirmEmailChange(db: Db, token: string) {
  await db.transaction(async (tx) => {
    const row = await useEmailToken(tx, 'email-change', token);
    if (!row) throw new HttpError(400, workspaceMessages.emailChangeInvalid);
    await refuseTakenEmail(tx, row.newEmail, row.userId);
    await repo.setEmail(tx, row.userId, row.newEmail);
  });
  return { message: workspaceMessages.emailChanged };
}

/** The link sent to the old address was used: the old address comes back, every session and reset link ends. */
export async function cancelEmailChange(db: Db, token: string) {
  await db.transaction(async (tx) => {
    const row = await useEmailToken(tx, 'email-cancel', token);
    // A cancel link is always issued with the old address.
    if (!row?.oldEmail) throw new HttpError(400, workspaceMessages.emailCancelInvalid);
    const { userId, oldEmail } = row;
    const email = await repo.lockUserEmail(tx, userId);
    if (email !== oldEmail) {
      await refuseTakenEmail(tx, oldEmail, userId);
      // Another account may take the address between the check and this write (it commits after
      // the check read): the same answer as the check's.
      await repo.setEmail(tx, userId, oldEmail).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, messages.server.emailTaken) : error;
      });
    }
    // Whoever asked for the change loses every way in that did not need the owner's mailbox:
    // sessions, pending changes and reset links (which may have gone to the new address).
    await revokeUserTokens(tx, userId, 'email-change');
    await revokeUserTokens(tx, userId, 'reset');
    await repo.endSessionsAndResets(tx, userId);
  });
  return { message: workspaceMessages.emailChangeCancelled };
}

/** A new password (the current one required); every other session ends, this one gets a new token. */
export async function changePassword(
  ctx: AccountContext,
  user: AuthUser,
  b: z.output<typeof changePasswordBody>,
) {
  await requirePassword(ctx.db, user.id, b.currentPassword);
  const passwordHash = await hashPassword(b.newPassword);
  const sessionVersion = await repo.setPassword(ctx.db, user.id, passwordHash);
  // This session carries on with a new token; every token issued before is refused.
  const token = await signSessionToken(ctx.env.jwtSecret, { ...user, sessionVersion });
  return { message: workspaceMessages.passwordChanged, token };
}

/**
 * Tables keyed by company that every user of the company sees in the workspace (sites, signs,
 * visitors' requests). The rest (users, invitations, published contact settings, and any table
 * added later) are a master user's: a plain user gets only their own rows of them.
 */
const SHARED_WITH_PLAIN_USERS = new Set(['sites', 'stickers', 'relay_requests', 'request_events']);

/**
 * A web address in a mail body that carries a query or fragment: every link we send with a
 * secret in it (confirmation, reset, e-mail change, cancel, invitation) has one.
 */
const LINK_WITH_SECRET = /\bhttps?:\/\/[^\s"'<>]*[?#][^\s"'<>]*/gi;
/** Stored mail keeps what it said, without the links: a download must not hand out a way in. */
const LINK_REMOVED = '[link removed]';

/**
 * Everything we hold about a user, table by table, as far as they may see it elsewhere: a master
 * user gets the company, its users and every row of every table that names the company or the
 * user; a plain user gets the company's name, their own user and the rows of the tables shared
 * with them (SHARED_WITH_PLAIN_USERS) or naming them. Also the mail sent to the user (its links
 * removed) and the look-ups of the company's signs. Hashes of passwords and tokens are left out.
 */
export async function exportUserData(
  q: Queryable,
  user: { id: number; companyId: number; email: string; masterUser: boolean },
): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  result.companies = await repo.companyRows(q, user.companyId, user.masterUser);
  for (const [table, { keys, columns }] of await repo.ownedTables(q)) {
    let visible = keys;
    if (!user.masterUser && !SHARED_WITH_PLAIN_USERS.has(table)) {
      // users has only company_id: a plain user's own row is picked by its id.
      visible = table === 'users' ? ['id'] : keys.filter((key) => key === 'user_id');
    }
    if (visible.length === 0) {
      result[table] = [];
      continue;
    }
    result[table] = await repo.ownedRows(q, table, columns, visible, {
      companyId: user.companyId,
      userIds: [user.id],
    });
  }
  const mails = await repo.mailsTo(q, user.email);
  result.mail_outbox = mails.map((m) => ({
    ...m,
    text_body: m.text_body.replace(LINK_WITH_SECRET, LINK_REMOVED),
  }));
  result.search_records = await repo.searchRecordsOfCompany(q, user.companyId);
  return result;
}

/**
 * Deletes the user's account (the current password required). The only master user's deletion
 * removes the company and releases its signs (docs/decisions/0005); the goodbye mail is kept.
 */
export async function deleteAccount(db: Db, brand: BrandConfig, user: AuthUser, password: string) {
  await requirePassword(db, user.id, password);
  await db.transaction(async (tx) => {
    const others = await repo.lockOtherUsers(tx, user.companyId, user.id);
    const companyGoes = user.masterUser && !others.some((o) => o.master_user === 1);
    if (companyGoes) await repo.deleteCompany(tx, user.companyId);
    else await deleteUser(tx, user.id);
    // Earlier mail to the address goes too; only the goodbye below is kept, to be delivered.
    await repo.deleteMailTo(tx, user.email);
    await enqueueMail(
      tx,
      mail(brand, user.email, 'Your account has been deleted', [
        companyGoes
          ? 'Your account, your company, its sites and their published details have been deleted. Its signs have been released and no longer show your details.'
          : 'Your account has been deleted. Your company and its sites remain with its other users.',
        'If you did not ask for this, please contact us.',
      ]),
    );
  });
  return { message: workspaceMessages.accountDeleted };
}
