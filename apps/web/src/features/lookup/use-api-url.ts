import { apiBaseUrl } from '../../lib/api-client';
import { useBrand } from '../../lib/brand';
import { useSiteLocation } from '../../lib/site-location';

/** Absolute URL of an API file (QR images, PDFs) for links and <img>, on the brand's API base. */
export function useApiUrl(): (path: string) => string {
  const base = apiBaseUrl(useBrand(), useSiteLocation().hostname);
  return (path) => `${base}${path}`;
}
