import type { ResourceGroup } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const resourcesPath = (contentType: string | undefined) => `/api/resources/${segment(contentType)}`;

/** GET /api/resources/:contentType: the manuals, datasheets, firmware or software of the brand. */
export function useResources(contentType: string | undefined) {
  return useContentQuery<ResourceGroup>(resourcesPath(contentType), Boolean(contentType));
}
