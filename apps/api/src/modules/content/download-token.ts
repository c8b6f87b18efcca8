import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The token of a mailed download link: which message, for which brand, until when, signed
 * with a key derived from JWT_SECRET for this purpose alone (so it can never pass for a
 * session or reset token, nor one of those for it). Nothing is stored: it simply stops
 * working at `exp`.
 */
const claims = z.object({ b: z.string(), m: z.number().int().positive(), exp: z.number().int() });
export type DownloadClaims = { brand: string; messageId: number; expiresAt: Date };

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('voice-message-download-link').digest();
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', key(secret)).update(payload).digest('base64url');
}

export function createDownloadToken(secret: string, claimsIn: DownloadClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      b: claimsIn.brand,
      m: claimsIn.messageId,
      exp: Math.floor(claimsIn.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export type TokenCheck =
  | { status: 'valid'; claims: DownloadClaims }
  | { status: 'expired'; claims: DownloadClaims }
  | { status: 'invalid' };

export function readDownloadToken(secret: string, token: string, now = new Date()): TokenCheck {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return { status: 'invalid' };
  const expected = Buffer.from(sign(secret, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { status: 'invalid' };
  let parsed: z.infer<typeof claims>;
  try {
    parsed = claims.parse(JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')));
  } catch {
    return { status: 'invalid' };
  }
  const result = { brand: parsed.b, messageId: parsed.m, expiresAt: new Date(parsed.exp * 1000) };
  return result.expiresAt.getTime() <= now.getTime()
    ? { status: 'expired', claims: result }
    : { status: 'valid', claims: result };
}
