import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

// A browser that has signed in to an account carries a device token for it (OWASP's device
// cookie: "Slow Down Online Guessing Attacks with Device Cookies"), so that guessing at the
// account from elsewhere cannot keep its owner out (docs/decisions/0046).

/** A device token is kept half a year after the last sign-in that gave it. */
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

/** Sent only with sign-in: no other call reads it. */
const COOKIE_PATH = '/api/users/login';

const ALGORITHM = 'HS256';

const deviceClaims = z.object({
  purpose: z.literal('device'),
  /** The user's id and user name (lower case, as the guessing limits count the account). */
  id: z.number().int().positive(),
  account: z.string().min(1),
  /** Names this browser's token, so its own wrong passwords are counted apart. */
  jti: z.string().min(16),
  exp: z.number(),
});

export type DeviceClaims = z.infer<typeof deviceClaims>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** The account as the guessing limits count it: the user name trimmed, in lower case. */
export const accountKey = (userName: string) => userName.trim().toLowerCase();

/**
 * One cookie per account, so a browser shared by several users (an office's) keeps each one's
 * token; the name holds a digest of the account, not the name itself.
 */
export function deviceCookieName(account: string): string {
  return `device_${createHash('sha256').update(accountKey(account)).digest('hex').slice(0, 16)}`;
}

/** A new device token for the user, with a nonce of its own, signed with the server's key. */
export function signDeviceToken(secret: string, user: { id: number; userName: string }): Promise<string> {
  return new SignJWT({ purpose: 'device', id: user.id, account: accountKey(user.userName) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_TTL_SECONDS}s`)
    .sign(keyOf(secret));
}

/** The claims of a device token signed with `secret`, unexpired and for `account`; null otherwise. */
export async function readDeviceToken(
  secret: string,
  token: string | undefined,
  account: string,
): Promise<DeviceClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    const parsed = deviceClaims.safeParse(payload);
    return parsed.success && parsed.data.account === accountKey(account) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The value of the cookie `name` in a Cookie header, if it is there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie header of a device token: out of reach of scripts (HttpOnly), only over HTTPS
 * in production (Secure), not sent with other sites' cross-site posts (SameSite=Lax).
 */
export function deviceCookie(account: string, token: string, secure: boolean): string {
  return [
    `${deviceCookieName(account)}=${token}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${DEVICE_TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
