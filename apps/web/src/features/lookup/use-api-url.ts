import { apiBaseUrl } from '../../lib/api-client';
import { useBrand } from '../../lib/brand';

/** Absolute URL of an API file (QR images, PDFs) for links and <img>, on the brand's API base. */
export function useApiUrl(): (path: string) => string {
  const base = apiBaseUrl(useBrand(), window.location.hostname);
  return (path) => `${base}${path}`;
}
