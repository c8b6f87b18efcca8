import type { DvrSummary } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/dvrs: the DVR models in display order. */
export function useDvrs() {
  return useContentQuery<DvrSummary[]>('/api/dvrs');
}
