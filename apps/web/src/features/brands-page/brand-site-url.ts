import type { BrandConfig } from '@app/brands';

/**
 * Where a sister brand's site is: on a development host (`*.localhost`) the same scheme and port
 * with the brand's first host key (http://dvr.localhost:3000), else its public URL.
 */
export function brandSiteUrl(
  brand: Pick<BrandConfig, 'hostKeys' | 'url'>,
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>,
): string {
  const local = location.hostname === 'localhost' || location.hostname.endsWith('.localhost');
  if (!local) return brand.url;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${brand.hostKeys[0] ?? ''}.localhost${port}`;
}
