import { apiBaseUrl } from '../../lib/api-client';
import { useBrand } from '../../lib/brand';

/**
 * The content API gives file URLs relative to itself (`/api/media/...`); this puts the brand's
 * API base in front, so pictures and downloads come from wherever the API is.
 */
export function useMediaUrl(): (url: string) => string {
  const base = apiBaseUrl(useBrand(), window.location.hostname);
  return (url) => `${base}${url}`;
}
