import type { Queryable } from '../../db/db';
import { randomToken, tokenHash } from './tokens';

/** confirm: the link in the confirmation mail; reset: the jti of a reset token. */
export type UserTokenPurpose = 'confirm' | 'reset';

/**
 * A new single-use secret for `userId`, valid for `ttlSeconds`; earlier unused ones of the same
 * purpose die, so only the newest link works. Only the secret's SHA-256 is stored.
 */
export async function issueUserToken(
  q: Queryable,
  userId: number,
  purpose: UserTokenPurpose,
  ttlSeconds: number,
): Promise<string> {
  await revokeUserTokens(q, userId, purpose);
  const token = randomToken();
  await q.query(
    `insert into user_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, $2, $3, now() + $4::int * interval '1 second')`,
    [userId, purpose, tokenHash(token), ttlSeconds],
  );
  return token;
}

/** Whether `token` is a live (unused, unexpired) secret of `userId` for `purpose`. */
export async function isLiveUserToken(
  q: Queryable,
  userId: number,
  purpose: UserTokenPurpose,
  token: string,
): Promise<boolean> {
  const row = await q.maybeOne(
    `select 1 from user_tokens
      where token_hash = $1 and user_id = $2 and purpose = $3 and used_at is null and expires_at > now()`,
    [tokenHash(token), userId, purpose],
  );
  return row !== undefined;
}

/**
 * Uses up a live secret; true when this call did. One statement, so of two requests using the
 * same link at once exactly one succeeds.
 */
export async function consumeUserToken(
  q: Queryable,
  userId: number,
  purpose: UserTokenPurpose,
  token: string,
): Promise<boolean> {
  const rows = await q.query(
    `update user_tokens set used_at = now()
      where token_hash = $1 and user_id = $2 and purpose = $3 and used_at is null and expires_at > now()
      returning id`,
    [tokenHash(token), userId, purpose],
  );
  return rows.length === 1;
}

/** Every unused secret of `userId` for `purpose` dies. */
export async function revokeUserTokens(
  q: Queryable,
  userId: number,
  purpose: UserTokenPurpose,
): Promise<void> {
  await q.query(
    'update user_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null',
    [userId, purpose],
  );
}

/** Whether `token` was ever issued to `userId` for `purpose`, used or not, expired or not. */
export async function wasIssuedUserToken(
  q: Queryable,
  userId: number,
  purpose: UserTokenPurpose,
  token: string,
): Promise<boolean> {
  const row = await q.maybeOne(
    'select 1 from user_tokens where token_hash = $1 and user_id = $2 and purpose = $3',
    [tokenHash(token), userId, purpose],
  );
  return row !== undefined;
}
