import type { Support } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const supportPath = () => '/api/support';

/** GET /api/support: support numbers, hours and answers to common questions. */
export function useSupport() {
  return useContentQuery<Support>(supportPath());
}
