import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { RESET_LINK_MAILS } from '../../limits';
import { hitRateLimit } from '../../plugins/rate-limit';
import { RESET_TTL_SECONDS, randomToken, tokenHash } from '../auth/tokens';
import { revokeUserTokens } from '../auth/user-tokens';

/** A live link with less time than this left is replaced rather than sent again. */
const LEAST_LIFE_LEFT_SECONDS = 15 * 60;

/**
 * The secret (the JWT's jti) of reset link row `rowId`, issued at password version `passwordVersion`:
 * derived with the server's signing key, so a repeated request can mail the same link again while
 * only the secret's hash is stored. Anyone who could derive it holds the key that signs every
 * session anyway. A changed password (a new version) gives another secret, so a link issued
 * before the change is never sent again.
 */
function resetJti(secret: string, rowId: string, passwordVersion: number): string {
  return createHmac('sha256', secret).update(`reset-link:${rowId}:${passwordVersion}`).digest('base64url');
}

export interface ResetLink {
  /** The JWT's jti. */
  jti: string;
  /** When the link dies, in seconds since 1970 (the JWT's exp). */
  expiresAt: number;
}

/**
 * The reset link to mail to a user: the live one again when there is one (so no number of
 * requests by strangers leaves the owner's inbox without a working link), else a new one, which
 * replaces any other. Undefined when the live link has already been mailed RESET_LINK_MAILS.max
 * times in its window. Call inside a transaction.
 */
export async function resetLinkToMail(
  tx: Queryable,
  secret: string,
  user: { id: number; passwordVersion: number },
): Promise<ResetLink | undefined> {
  // One request at a time per user: two at once must not each replace the other's link.
  await tx.query('select id from users where id = $1 for update', [user.id]);
  const live = await tx.maybeOne<{ id: string; token_hash: string; expires_at: number }>(
    `select id::text as id, token_hash, floor(extract(epoch from expires_at))::float8 as expires_at
       from user_tokens
      where user_id = $1 and purpose = 'reset' and used_at is null
        and expires_at > now() + $2::int * interval '1 second'
      order by id desc limit 1`,
    [user.id, LEAST_LIFE_LEFT_SECONDS],
  );
  if (live) {
    const jti = resetJti(secret, live.id, user.passwordVersion);
    // A link of another password version, or issued before links were derived, is replaced.
    if (tokenHash(jti) === live.token_hash) {
      const mails = await hitRateLimit(tx, `forgot-password:mails:${user.id}`, RESET_LINK_MAILS.windowMs);
      return mails.count > RESET_LINK_MAILS.max ? undefined : { jti, expiresAt: live.expires_at };
    }
  }
  await revokeUserTokens(tx, user.id, 'reset');
  const row = await tx.one<{ id: string; expires_at: number }>(
    `insert into user_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, 'reset', $2, now() + $3::int * interval '1 second')
     returning id::text as id, floor(extract(epoch from expires_at))::float8 as expires_at`,
    // Replaced at once below: the secret is made from the row's id.
    [user.id, `pending:${randomToken()}`, RESET_TTL_SECONDS],
  );
  const jti = resetJti(secret, row.id, user.passwordVersion);
  await tx.query('update user_tokens set token_hash = $1 where id = $2', [tokenHash(jti), row.id]);
  // A new link starts its own count of mails.
  await tx.query('delete from rate_limits where key = $1', [`forgot-password:mails:${user.id}`]);
  return { jti, expiresAt: row.expires_at };
}
