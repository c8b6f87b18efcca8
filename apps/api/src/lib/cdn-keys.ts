import type { FastifyReply } from 'fastify';

/**
 * Surrogate keys: names a shared cache files a public answer under, so that a change purges
 * exactly the answers showing it (docs/decisions/0054). Fastly and Varnish read them from
 * `Surrogate-Key` (space-separated), Cloudflare from `Cache-Tag` (comma-separated). Keys are
 * letters, digits and hyphens only, so either header and a purge request carry them as they are.
 */
export const SURROGATE_KEY = 'surrogate-key';
export const CACHE_TAG = 'cache-tag';

/** Every answer showing sign look-up data, purged when a change the database announces is not understood. */
export const SIGNS_KEY = 'signs';

/** Every scheme search answer: a change to any sign or company may change what a search finds. */
export const SEARCH_KEY = 'search';

export const brandKey = (brandId: string) => `brand-${brandId}`;
export const signKey = (signRefKey: string) => `sign-${signRefKey}`;
export const siteKey = (siteId: number) => `site-${siteId}`;
export const companyKey = (companyId: number) => `company-${companyId}`;

/** The keys of an answer showing a sign: the sign, and its site and company when it has an operator. */
export function signKeys(sign: {
  signRefKey: string;
  siteId: number | null;
  companyId: number | null;
}): string[] {
  return [
    SIGNS_KEY,
    signKey(sign.signRefKey),
    ...(sign.siteId === null ? [] : [siteKey(sign.siteId)]),
    ...(sign.companyId === null ? [] : [companyKey(sign.companyId)]),
  ];
}

/**
 * The keys a change announced on the sign_lookup channel (migration 0110) makes stale: `k:<key>`
 * a sign, `c:<id>` everything of a company (its sites, publications, name); anything else every
 * answer showing sign data. Searches show signs and companies too, so each change purges them all.
 */
export function keysOfChange(payload: string): string[] {
  const sign = /^k:([A-Z0-9]+)$/.exec(payload)?.[1];
  if (sign !== undefined) return [signKey(sign), SEARCH_KEY];
  const company = /^c:(\d+)$/.exec(payload)?.[1];
  if (company !== undefined) return [companyKey(Number(company)), SEARCH_KEY];
  return [SIGNS_KEY];
}

/** The keys a Surrogate-Key header holds. */
export function surrogateKeysOf(header: unknown): string[] {
  const values = Array.isArray(header) ? header : [header];
  return values.flatMap((value) => (typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : []));
}

/** Files the answer under `keys` too (beside any keys it already has), for Fastly/Varnish and Cloudflare alike. */
export function tagReply(reply: FastifyReply, keys: Iterable<string>): FastifyReply {
  const all = new Set([...surrogateKeysOf(reply.getHeader(SURROGATE_KEY)), ...keys]);
  if (all.size === 0) return reply;
  return reply.header(SURROGATE_KEY, [...all].join(' ')).header(CACHE_TAG, [...all].join(','));
}
