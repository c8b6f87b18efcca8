import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cache-Control of public answers, for browsers (max-age) and for a CDN or shared cache in front
 * (s-maxage, then stale-while-revalidate: served at once while one request refreshes it).
 * Worst case a change reaches a visitor after s-maxage + stale-while-revalidate (or stale-if-error)
 * without a purge (docs/decisions/0024, 0054).
 */
export const publicCache = {
  /**
   * A sign's operator and contact details (the look-up JSON, the sign page): a browser always
   * asks again (a 304 when unchanged), so a phone never shows a number the operator has just
   * withdrawn. A CDN keeps it 30 s, serves it stale for 20 s more while it refreshes or while the
   * origin fails, and no longer: without a purge (CDN_PURGE_URL), a withdrawn phone number or home
   * address leaves every shared cache within 50 s; with one, at once (docs/decisions/0054).
   */
  sign: 'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
  /** Search results: the same people's details, found by name. */
  search: 'public, max-age=0, s-maxage=30, stale-while-revalidate=20',
  /**
   * Catalogue and content pages: they change only when the content is published (a deploy or a
   * seed), and a few minutes' delay misleads nobody.
   */
  content: 'public, max-age=60, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400',
} as const;

export type PublicCachePolicy = (typeof publicCache)[keyof typeof publicCache];

/** Anything personal, signed-in or an error: kept by nobody. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** A weak ETag of a body (weak: the compressed and plain forms of one body share it). */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${hash('sha1', body, 'base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/**
 * Marks a public answer cacheable: Cache-Control `policy` and its ETag. Answers true when the caller already holds this version: the reply is then a 304 and the
 * body must not be sent. For route handlers and onSend hooks alike.
 */
export function publicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: PublicCachePolicy,
  etag: string,
): boolean {
  reply.header('cache-control', policy).header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  reply.code(304);
  return true;
}
