import { dvrDetail } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/dvrs/:dvrName: one DVR model in full. */
export function useDvr(dvrName: string | undefined) {
  return useContentQuery(`/api/dvrs/${segment(dvrName)}`, dvrDetail, Boolean(dvrName));
}
