import type { BrandConfig } from '@app/brands';
import type { Env } from '../env';

/**
 * The origin visitors use for a brand (no trailing slash). Used for og:url, canonical links,
 * sitemaps and links in mail, so a forged Host header can never steer them elsewhere.
 */
export function publicOrigin(
  brand: Pick<BrandConfig, 'hostKeys' | 'url'>,
  env: Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>,
): string {
  const host = brand.hostKeys[0] ?? '';
  if (env.publicUrlPattern) return env.publicUrlPattern.replaceAll('{host}', host);
  if (env.nodeEnv === 'production') return brand.url.replace(/\/+$/, '');
  return `http://${host}.localhost:${env.port}`;
}
