import type { BrandConfig } from '@app/brands';
import type { SiteLocation } from '../../lib/site-location';

type SiteBrand = Pick<BrandConfig, 'hostKeys' | 'url'>;

/**
 * Where a sister brand's site is, seen from a page of `here` at `location`:
 * - on a development host (`localhost`, `*.localhost`) the same scheme and port with the brand's
 *   first host key (http://dvr.localhost:3000);
 * - on a host named the way `PUBLIC_URL_PATTERN` names them (`{host}.staging.example.com`: the
 *   first label is this brand's first host key) the same address with the sister's key
 *   (https://signs.staging.example.com), as the server builds its own links;
 * - anywhere else (a production domain), the brand's public URL.
 * Without a location (rendering on the server) it is the public URL.
 */
export function brandSiteUrl(brand: SiteBrand, location: SiteLocation | undefined, here?: SiteBrand): string {
  if (!location) return brand.url;
  const { protocol, hostname, port } = location;
  const key = brand.hostKeys[0] ?? '';
  const withPort = port ? `:${port}` : '';
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    return `${protocol}//${key}.localhost${withPort}`;
  }
  const [first, ...rest] = hostname.split('.');
  if (here && rest.length > 0 && first === here.hostKeys[0]) {
    return `${protocol}//${[key, ...rest].join('.')}${withPort}`;
  }
  return brand.url;
}
