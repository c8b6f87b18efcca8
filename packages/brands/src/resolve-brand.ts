import type { BrandConfig } from './types';

/**
 * The host key of a host name: lower case, port and a leading `www.` removed, then the first
 * label (so `dvr.localhost:3000` and `DVR.example.co.uk` both give `dvr`).
 */
export function hostKey(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h; // an IPv6 literal has no brand label
  h = h.replace(/:\d+$/, '').replace(/\.$/, '');
  if (h.startsWith('www.')) h = h.slice(4);
  return h.split('.')[0] ?? '';
}

export function makeResolver(brands: readonly BrandConfig[], fallback: BrandConfig) {
  const byKey = new Map<string, BrandConfig>();
  for (const brand of brands) for (const key of brand.hostKeys) byKey.set(key.toLowerCase(), brand);
  return (host: string | undefined | null): BrandConfig => byKey.get(hostKey(host ?? '')) ?? fallback;
}
