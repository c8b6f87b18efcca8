import type { DvrIntro } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const dvrIntroPath = () => '/api/dvrintro';

/** GET /api/dvrintro: the introduction of the DVR range. */
export function useDvrIntro() {
  return useContentQuery<DvrIntro>(dvrIntroPath());
}
