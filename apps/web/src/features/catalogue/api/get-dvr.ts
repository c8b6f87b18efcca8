import type { DvrDetail } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/dvrs/:dvrName: one DVR model in full. */
export function useDvr(dvrName: string | undefined) {
  return useContentQuery<DvrDetail>(`/api/dvrs/${segment(dvrName)}`, Boolean(dvrName));
}
