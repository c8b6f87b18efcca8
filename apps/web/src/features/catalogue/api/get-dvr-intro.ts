import type { DvrIntro } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/dvrintro: the introduction of the DVR range. */
export function useDvrIntro() {
  return useContentQuery<DvrIntro>('/api/dvrintro');
}
