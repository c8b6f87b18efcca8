import type { Queryable } from '../../db/db';
import type { Authenticated } from '../../plugins/auth';
import { readToken } from '../auth/tokens';
import { isLiveUserToken } from '../auth/user-tokens';
import { findUserById } from './repository';

/**
 * Who holds `token`: a session of a confirmed user whose sessions have not been ended since, a
 * live reset link for the current password, or nobody (null). `app.ts` hands this to the auth
 * plugin, which imports no module. It lives with the users it reads, not in `auth/`, so that
 * `auth/` (tokens and passwords) imports no module and the two folders never import each other.
 */
export async function authenticateToken(
  q: Queryable,
  secret: string,
  token: string,
): Promise<Authenticated | null> {
  const claims = await readToken(secret, token);
  if (!claims) return null;
  const user = await findUserById(q, claims.id);
  if (!user) return null;
  if (claims.purpose === 'session') {
    // Sessions are only issued to confirmed users; a password change moves the version on.
    if (claims.sv !== user.sessionVersion || !user.confirmedAt) return null;
    return { kind: 'session', user };
  }
  if (claims.pv !== user.passwordVersion) return null;
  if (!(await isLiveUserToken(q, user.id, 'reset', claims.jti))) return null;
  return { kind: 'reset', user, jti: claims.jti };
}
