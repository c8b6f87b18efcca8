import { dvrIntroReply } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/dvrintro: the introduction of the DVR range. */
export function useDvrIntro() {
  return useContentQuery('/api/dvrintro', dvrIntroReply);
}
