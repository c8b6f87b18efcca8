import type { Support } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/support: support numbers, hours and answers to common questions. */
export function useSupport() {
  return useContentQuery<Support>('/api/support');
}
