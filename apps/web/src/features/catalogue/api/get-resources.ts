import type { ResourceGroup } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/resources/:contentType: the manuals, datasheets, firmware or software of the brand. */
export function useResources(contentType: string | undefined) {
  return useContentQuery<ResourceGroup>(`/api/resources/${segment(contentType)}`, Boolean(contentType));
}
