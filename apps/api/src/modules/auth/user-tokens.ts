import type { Queryable } from '../../db/db';
import { randomToken, tokenHash } from './tokens';

/** confirm: the link in the confirmation mail; reset: the jti of a reset token. */
type SecretPurpose = 'confirm' | 'reset';
/**
 * email-change: the link mailed to a new address, which carries that address; email-cancel: the
 * link mailed to the old address, which carries both and puts the old one back.
 */
type EmailPurpose = 'email-change' | 'email-cancel';
export type UserTokenPurpose = SecretPurpose | EmailPurpose;

/**
 * A new single-use secret for `userId`, valid for `ttlSeconds`; earlier unused ones of the same
 * purpose die, so only the newest link works. Only the secret's SHA-256 is stored.
 */
export async function issueUserToken(
  q: Queryable,
  userId: number,
  purpose: SecretPurpose,
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

/** A secret's row: its id, the hash stored, and when it dies in seconds since 1970. */
export interface UserTokenRow {
  id: string;
  tokenHash: string;
  expiresAt: number;
}

/**
 * A new single-use secret for `userId` made from its own row's id by `derive` (a reset link's,
 * so the same link can be made again and mailed again while only its hash is stored), valid for
 * `ttlSeconds`; earlier unused ones of the same purpose die, so only the newest link works.
 */
export async function issueDerivedUserToken(
  q: Queryable,
  userId: number,
  purpose: SecretPurpose,
  ttlSeconds: number,
  derive: (rowId: string) => string,
): Promise<{ secret: string; expiresAt: number }> {
  await revokeUserTokens(q, userId, purpose);
  const row = await q.one<{ id: string; expires_at: number }>(
    `insert into user_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, $2, $3, now() + $4::int * interval '1 second')
     returning id::text as id, floor(extract(epoch from expires_at))::float8 as expires_at`,
    // Replaced at once below: the secret is made from the row's id.
    [userId, purpose, `pending:${randomToken()}`, ttlSeconds],
  );
  const secret = derive(row.id);
  await q.query('update user_tokens set token_hash = $1 where id = $2', [tokenHash(secret), row.id]);
  return { secret, expiresAt: row.expires_at };
}

/**
 * The newest live (unused) secret row of `userId` for `purpose` with at least `leastLifeSeconds`
 * left, or undefined.
 */
export function liveUserTokenRow(
  q: Queryable,
  userId: number,
  purpose: SecretPurpose,
  leastLifeSeconds: number,
): Promise<UserTokenRow | undefined> {
  return q.maybeOne<UserTokenRow>(
    `select id::text as id, token_hash as "tokenHash",
            floor(extract(epoch from expires_at))::float8 as "expiresAt"
       from user_tokens
      where user_id = $1 and purpose = $2 and used_at is null
        and expires_at > now() + $3::int * interval '1 second'
      order by id desc limit 1`,
    [userId, purpose, leastLifeSeconds],
  );
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

/**
 * A new single-use secret of an e-mail change for `userId`, valid for `ttlSeconds`, carrying the
 * new address (and, for a cancel link, the old one). Earlier unused links to confirm a new address
 * die, so only the newest works; earlier cancel links stay alive, so the owner can undo every change.
 */
export async function issueEmailToken(
  q: Queryable,
  userId: number,
  purpose: EmailPurpose,
  ttlSeconds: number,
  addresses: { newEmail: string; oldEmail?: string },
): Promise<string> {
  if (purpose === 'email-change') await revokeUserTokens(q, userId, purpose);
  const token = randomToken();
  await q.query(
    `insert into user_tokens (user_id, purpose, token_hash, expires_at, new_email, old_email)
     values ($1, $2, $3, now() + $4::int * interval '1 second', $5, $6)`,
    [userId, purpose, tokenHash(token), ttlSeconds, addresses.newEmail, addresses.oldEmail ?? null],
  );
  return token;
}

/**
 * Uses up a live e-mail change secret, whoever's it is (the link carries nothing else): the user
 * and the addresses it carries, or undefined. One statement, so of two uses at once one succeeds.
 */
export function useEmailToken(
  q: Queryable,
  purpose: EmailPurpose,
  token: string,
): Promise<{ userId: number; newEmail: string; oldEmail: string | null } | undefined> {
  return q.maybeOne<{ userId: number; newEmail: string; oldEmail: string | null }>(
    `update user_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning user_id as "userId", new_email as "newEmail", old_email as "oldEmail"`,
    [tokenHash(token), purpose],
  );
}

/** The address of the newest live link to confirm a new address of `userId`, or null. */
export async function pendingNewEmail(q: Queryable, userId: number): Promise<string | null> {
  const row = await q.maybeOne<{ new_email: string }>(
    `select new_email from user_tokens
      where user_id = $1 and purpose = 'email-change' and used_at is null and expires_at > now()
      order by id desc limit 1`,
    [userId],
  );
  return row?.new_email ?? null;
}
