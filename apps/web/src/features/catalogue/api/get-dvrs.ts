import type { DvrSummary } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const dvrsPath = () => '/api/dvrs';

/** GET /api/dvrs: the DVR models in display order. */
export function useDvrs() {
  return useContentQuery<DvrSummary[]>(dvrsPath());
}
