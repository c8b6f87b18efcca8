import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** A session lasts a working day. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/** A reset link works for an hour. */
export const RESET_TTL_SECONDS = 60 * 60;
/** A confirmation link works for two days. */
export const CONFIRM_TTL_SECONDS = 48 * 60 * 60;

const ALGORITHM = 'HS256';

const sessionClaims = z.object({
  purpose: z.literal('session'),
  id: z.number().int().positive(),
  userName: z.string(),
  /** users.session_version when issued: a password change ends older sessions. */
  sv: z.number().int(),
  exp: z.number(),
});
const resetClaims = z.object({
  purpose: z.literal('reset'),
  id: z.number().int().positive(),
  userName: z.string(),
  /** users.password_version when issued: the link dies when the password changes. */
  pv: z.number().int(),
  /** Single use: its SHA-256 is in user_tokens. */
  jti: z.string().min(16),
  exp: z.number(),
});
const anyClaims = z.discriminatedUnion('purpose', [sessionClaims, resetClaims]);

export type SessionClaims = z.infer<typeof sessionClaims>;
export type ResetClaims = z.infer<typeof resetClaims>;
export type TokenClaims = z.infer<typeof anyClaims>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signSessionToken(
  secret: string,
  user: { id: number; userName: string; sessionVersion: number },
): Promise<string> {
  return new SignJWT({ purpose: 'session', id: user.id, userName: user.userName, sv: user.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(keyOf(secret));
}

/**
 * A reset link's token. `expiresAt` (seconds since 1970) is its stored expiry, so the same link
 * signed again is the very same token (docs/decisions/0044).
 */
export function signResetToken(
  secret: string,
  user: { id: number; userName: string; passwordVersion: number },
  jti: string,
  expiresAt: number,
): Promise<string> {
  return new SignJWT({ purpose: 'reset', id: user.id, userName: user.userName, pv: user.passwordVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(jti)
    .setIssuedAt(expiresAt - RESET_TTL_SECONDS)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
}

/** The claims of a token signed with `secret` and not expired; null for anything else. */
export async function readToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    const parsed = anyClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A secret for a link: 32 random bytes, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a link's secret. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
