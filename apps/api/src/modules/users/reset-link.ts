import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { RESET_LINK_MAILS } from '../../limits';
import { clearCount, countInDatabase } from '../../plugins/rate-limit';
import { RESET_TTL_SECONDS, tokenHash } from '../auth/tokens';
import { issueDerivedUserToken, liveUserTokenRow } from '../auth/user-tokens';

/** The mails of a user's live reset link, counted in the database. */
const linkMails = (userId: number) => ({ name: 'forgot-password', per: 'mails', subject: userId });

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
  const live = await liveUserTokenRow(tx, user.id, 'reset', LEAST_LIFE_LEFT_SECONDS);
  if (live) {
    const jti = resetJti(secret, live.id, user.passwordVersion);
    // A link of another password version, or issued before links were derived, is replaced.
    if (tokenHash(jti) === live.tokenHash) {
      const mails = await countInDatabase(tx, linkMails(user.id), RESET_LINK_MAILS);
      return mails.within ? { jti, expiresAt: live.expiresAt } : undefined;
    }
  }
  const issued = await issueDerivedUserToken(tx, user.id, 'reset', RESET_TTL_SECONDS, (rowId) =>
    resetJti(secret, rowId, user.passwordVersion),
  );
  // A new link starts its own count of mails.
  await clearCount(tx, linkMails(user.id));
  return { jti: issued.secret, expiresAt: issued.expiresAt };
}
