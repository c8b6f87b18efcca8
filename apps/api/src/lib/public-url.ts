import { type BrandConfig, brands, defaultBrand } from '@app/brands';
import type { Env } from '../env';

type OriginEnv = Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;

/**
 * The origin visitors use for a brand (no trailing slash). Used for og:url, canonical links,
 * sitemaps, links in mail and the address a page is drawn at (so its links to sister sites), so
 * a forged Host or X-Forwarded-Host header can never steer them elsewhere.
 */
export function publicOrigin(brand: Pick<BrandConfig, 'hostKeys' | 'url'>, env: OriginEnv): string {
  const host = brand.hostKeys[0] ?? '';
  if (env.publicUrlPattern) return env.publicUrlPattern.replaceAll('{host}', host);
  if (env.nodeEnv === 'production') return brand.url.replace(/\/+$/, '');
  return `http://${host}.localhost:${env.port}`;
}

/** A Host header's name: lower case, without its port or a final dot. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

const nameOf = (origin: string) => hostName(new URL(origin).host);

/**
 * The host names each brand is configured to answer on: its public URL (with and without
 * `www.`), PUBLIC_URL_PATTERN filled with each of its host keys, and outside production
 * `<key>.localhost` for development.
 */
export function configuredHosts(env: OriginEnv): Map<string, BrandConfig> {
  const hosts = new Map<string, BrandConfig>();
  for (const brand of brands) {
    const url = nameOf(brand.url);
    for (const name of [url, url.replace(/^www\./, '')]) hosts.set(name, brand);
    for (const key of brand.hostKeys) {
      if (env.publicUrlPattern) hosts.set(nameOf(env.publicUrlPattern.replaceAll('{host}', key)), brand);
      if (env.nodeEnv !== 'production') hosts.set(`${key.toLowerCase()}.localhost`, brand);
    }
  }
  return hosts;
}

/**
 * The brand of a request's own Host header (never X-Forwarded-Host, which a proxy may pass on
 * unchecked and a CDN does not key on): a configured host's brand, any other host the default
 * brand, whose links are then its configured ones.
 */
export function brandOfHost(hosts: ReadonlyMap<string, BrandConfig>, host: string | undefined): BrandConfig {
  return (host === undefined ? undefined : hosts.get(hostName(host))) ?? defaultBrand;
}
