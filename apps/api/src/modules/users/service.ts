import type { BrandConfig } from '@app/brands';
import type {
  LoginReply,
  resetPasswordBody,
  SignUpReply,
  signUpBody,
  UserLookupReply,
  UserRecord,
  UserUpdateReply,
  userUpdateBody,
} from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import type { z } from 'zod';
import type { Db } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import type { Authenticated } from '../../plugins/auth';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { CONFIRM_TTL_SECONDS, signResetToken, signSessionToken } from '../auth/tokens';
import {
  consumeUserToken,
  isLiveUserToken,
  issueUserToken,
  revokeUserTokens,
  wasIssuedUserToken,
} from '../auth/user-tokens';
import { enqueueMail } from '../mail/outbox';
import { linkSticker, lockStickerBySignRef } from '../stickers/repository';
import { confirmationMail, passwordChangedMail, resetMail } from './mails';
import {
  changePassword,
  confirmUser,
  findUserByEmail,
  findUserById,
  findUserByName,
  insertCompany,
  insertSite,
  insertUser,
  toUserRecord,
} from './repository';
import { resetLinkToMail } from './reset-link';

export interface AccountContext {
  db: Db;
  env: ResolvedEnv;
  /** The brand of the request: its name and origin go into the mail. */
  brand: BrandConfig;
}

/** A sign-up answered with `success: false`; thrown inside the transaction so it rolls back. */
class SignUpRefused extends Error {
  constructor(readonly reply: SignUpReply) {
    super(reply.message);
  }
}

const refuse = (message: string) => new SignUpRefused({ success: false, message });

/**
 * Registers a company with its master user and first site, and links the sticker to that site,
 * in one transaction: all of it lands or none. The sticker's row is locked first, so of two
 * people registering one sticker at the same moment exactly one succeeds and the other is told.
 */
export async function signUp(ctx: AccountContext, body: z.output<typeof signUpBody>): Promise<SignUpReply> {
  // Hashing takes a while: done before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(body.password);
  const address = {
    address1: body.address1,
    address2: body.address2,
    address3: body.address3,
    town: body.town,
    postcode: body.postcode,
    county: body.county,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const sticker = await lockStickerBySignRef(tx, body.signRef);
      if (!sticker || sticker.prefix_no !== body.prefixNo) throw refuse(messages.server.stickerNotFound);
      // Free when step 1 checked it, so someone else registered it since.
      if (sticker.site_id !== null) throw refuse(messages.server.stickerTakenDuringSignUp);

      const companyId = await insertCompany(tx, { name: body.companyName, ...address, tel: body.tel });
      const user = await insertUser(tx, {
        companyId,
        userName: body.userName,
        email: body.email,
        passwordHash,
        title: body.title,
        firstname: body.firstname,
        surname: body.surname,
        tel: body.tel,
        masterUser: true,
      });
      if ('taken' in user) {
        throw refuse(user.taken === 'userName' ? messages.server.userNameTaken : messages.server.emailTaken);
      }
      const siteId = await insertSite(tx, {
        companyId,
        name: body.siteName,
        ...address,
        keyInfo: body.keyInfo,
        retentionDays: body.retentionDays ?? null,
      });
      await linkSticker(tx, {
        stickerId: sticker.id,
        siteId,
        companyId,
        userId: user.id,
        siteName: body.siteName,
      });

      const token = await issueUserToken(tx, user.id, 'confirm', CONFIRM_TTL_SECONDS);
      await enqueueMail(
        tx,
        confirmationMail(
          ctx.brand,
          ctx.env,
          { id: user.id, firstname: body.firstname, email: body.email },
          token,
        ),
      );
      return { success: true, message: messages.server.registered, siteId, companyId, userId: user.id };
    });
  } catch (error) {
    if (error instanceof SignUpRefused) return error.reply;
    throw error;
  }
}

export interface LoginResult {
  status: 200 | 401 | 403;
  reply: LoginReply;
  /** Signed in: the user, whose browser is given a device token (docs/decisions/0046). */
  user?: { id: number; userName: string };
}

/** Signs in: a session token for a confirmed user with the right password, never for anyone else. */
export async function login(
  ctx: Omit<AccountContext, 'brand'>,
  body: { userName: string; password: string },
): Promise<LoginResult> {
  const user = await findUserByName(ctx.db, body.userName);
  // Also without a user a hash is checked, so the time taken does not tell whether it exists.
  const passwordOk = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !passwordOk) {
    return { status: 401, reply: { status: 'error', message: messages.server.invalidCredentials } };
  }
  if (!user.confirmedAt)
    return { status: 403, reply: { status: 'error', message: messages.signIn.notConfirmed } };
  const token = await signSessionToken(ctx.env.jwtSecret, user);
  return {
    status: 200,
    reply: { status: 'success', token, message: messages.server.loginOk },
    user: { id: user.id, userName: user.userName },
  };
}

/** POST /api/users/user: whether a user name exists, and whether it is confirmed (SPEC.md section 8). */
export async function lookupUser(db: Db, userName: string): Promise<UserLookupReply> {
  const user = await findUserByName(db, userName);
  if (!user) return { message: messages.signIn.userNotFound, confirmedAt: null };
  return { message: messages.server.userFound, confirmedAt: user.confirmedAt?.toISOString() ?? null };
}

/**
 * A user's record for the caller: their own (session or reset link), or a user of their company
 * when they are its master user. Users of other companies do not exist as far as the caller knows.
 */
export async function readUser(db: Db, auth: Authenticated, id: number): Promise<UserRecord> {
  if (auth.user.id === id) {
    const self = await findUserById(db, id);
    if (self) return toUserRecord(self);
  }
  const target = auth.kind === 'session' ? await findUserById(db, id) : undefined;
  if (!target || target.companyId !== auth.user.companyId) throw new HttpError(404, messages.server.notFound);
  if (!auth.user.masterUser) throw new HttpError(403, messages.server.forbidden);
  return toUserRecord(target);
}

/** GET /api/users/confirmuser/{id}?token=: the user name for the sign-in dialog, with a live link only. */
export async function readUserToConfirm(db: Db, id: number, token: string): Promise<UserRecord> {
  const user = await findUserById(db, id);
  if (user && (await isLiveUserToken(db, id, 'confirm', token))) {
    return {
      id: user.id,
      userName: user.userName,
      confirmedAt: user.confirmedAt?.toISOString() ?? null,
      masterUser: user.masterUser ? 1 : 0,
    };
  }
  // A used link of a confirmed account: its user name, confirmed, so the link opens an ordinary
  // sign-in with it filled in rather than "ask for a new one". Only the link's holder learns it.
  if (user?.confirmedAt && (await wasIssuedUserToken(db, id, 'confirm', token))) {
    return {
      id: user.id,
      userName: user.userName,
      confirmedAt: user.confirmedAt.toISOString(),
      masterUser: user.masterUser ? 1 : 0,
    };
  }
  throw new HttpError(400, messages.server.confirmLinkInvalid);
}

/**
 * PUT /api/users/{id}. An account is confirmed only with the token of its confirmation mail and
 * the account's password (the spec's client sends `confirmedAt`; alone it confirms nothing). An account already
 * confirmed is left as it is. A signed-in user may update their own record (nothing else to
 * change yet); other companies' users are not found. Without a session or a token of that
 * user's confirmation mail, the answer is 401 and the same for every id: it tells nobody
 * whether an account exists or when it was confirmed.
 */
export async function updateUser(
  db: Db,
  auth: Authenticated | null,
  id: number,
  body: z.output<typeof userUpdateBody>,
): Promise<UserUpdateReply> {
  const session = auth?.kind === 'session' ? auth : undefined;
  const target = body.confirmToken !== undefined || session ? await findUserById(db, id) : undefined;
  const confirmedAt = () => target?.confirmedAt?.toISOString() ?? null;

  if (body.confirmToken !== undefined && target) {
    // The link is checked first, so without it the password cannot be guessed here; then the
    // credentials, and only when they are right is the account confirmed.
    if (await isLiveUserToken(db, id, 'confirm', body.confirmToken)) {
      if (!(await verifyPassword(target.passwordHash, body.password ?? ''))) {
        throw new HttpError(401, messages.server.invalidCredentials);
      }
      if (await consumeUserToken(db, id, 'confirm', body.confirmToken)) {
        const at = await confirmUser(db, id);
        return { message: messages.signIn.confirmed, confirmedAt: at.toISOString() };
      }
    }
    // The link of this account, used already: whoever has it may hear that it is confirmed.
    if (target.confirmedAt && (await wasIssuedUserToken(db, id, 'confirm', body.confirmToken))) {
      return { message: messages.server.alreadyConfirmed, confirmedAt: confirmedAt() };
    }
  }

  if (session) {
    if (session.user.id === id) return { message: messages.server.userUpdated, confirmedAt: confirmedAt() };
    if (!target || target.companyId !== session.user.companyId)
      throw new HttpError(404, messages.server.notFound);
    if (!session.user.masterUser) throw new HttpError(403, messages.server.forbidden);
    if (body.confirmedAt !== undefined && !target.confirmedAt) {
      throw new HttpError(403, messages.server.confirmationNeeded);
    }
    return { message: messages.server.userUpdated, confirmedAt: confirmedAt() };
  }

  throw new HttpError(401, messages.server.confirmationNeeded);
}

/** Log Out: every session token of the user issued so far is refused from now on, on every instance. */
export async function logout(db: Db, userId: number): Promise<{ message: string }> {
  await db.query('update users set session_version = session_version + 1 where id = $1', [userId]);
  return { message: messages.server.loggedOut };
}

/** A new confirmation link for an unconfirmed account; earlier links die. Silent either way. */
export async function resendConfirmation(ctx: AccountContext, userName: string): Promise<void> {
  const user = await findUserByName(ctx.db, userName);
  if (!user || user.confirmedAt) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, 'confirm', CONFIRM_TTL_SECONDS);
    await enqueueMail(tx, confirmationMail(ctx.brand, ctx.env, user, token));
  });
}

/**
 * Mails the account with this address its reset link: the live one again, or a new one when none
 * is live (reset-link.ts). The answer is the same whether or not an account has the address, so
 * nobody learns who has an account here (a departure from SPEC section 8, docs/decisions/0044).
 */
export async function forgotPassword(ctx: AccountContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    await ctx.db.transaction(async (tx) => {
      const link = await resetLinkToMail(tx, ctx.env.jwtSecret, user);
      if (!link) return;
      const jwt = await signResetToken(ctx.env.jwtSecret, user, link.jti, link.expiresAt);
      await enqueueMail(tx, resetMail(ctx.brand, ctx.env, user, jwt));
    });
  }
  return { message: messages.forgotPassword.sent };
}

/**
 * Sets the new password of the reset link's user. The link is used up; every other reset link
 * and every session of the user die; the user is mailed that the password changed.
 */
export async function resetPassword(
  ctx: AccountContext,
  auth: Authenticated | null,
  body: z.output<typeof resetPasswordBody>,
): Promise<{ message: string }> {
  if (auth?.kind !== 'reset') throw new HttpError(401, messages.server.resetLinkInvalid);
  const { user, jti } = auth;
  if (body.userName.toLowerCase() !== user.userName.toLowerCase()) {
    throw new HttpError(400, messages.server.resetUserMismatch);
  }
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, user.id, 'reset', jti);
    if (!used || !(await changePassword(tx, user.id, passwordHash, user.passwordVersion))) {
      throw new HttpError(401, messages.server.resetLinkInvalid);
    }
    await revokeUserTokens(tx, user.id, 'reset');
    await enqueueMail(tx, passwordChangedMail(ctx.brand, ctx.env, user));
  });
  return { message: messages.reset.success };
}
