import type { DvrDetail } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const dvrPath = (dvrName: string | undefined) => `/api/dvrs/${segment(dvrName)}`;

/** GET /api/dvrs/:dvrName: one DVR model in full. */
export function useDvr(dvrName: string | undefined) {
  return useContentQuery<DvrDetail>(dvrPath(dvrName), Boolean(dvrName));
}
