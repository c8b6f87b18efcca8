import { apiBaseUrl } from '../../lib/api-client';
import { useBrand } from '../../lib/brand';
import { useSiteLocation } from '../../lib/site-location';

/**
 * The content API gives file URLs relative to itself (`/api/media/...`); this puts the brand's
 * API base in front, so pictures and downloads come from wherever the API is.
 */
export function useMediaUrl(): (url: string) => string {
  const base = apiBaseUrl(useBrand(), useSiteLocation().hostname);
  return (url) => `${base}${url}`;
}
