import { api, unknownReply } from '../../../lib/api-client';

/** POST /api/search-records/add: counts a look-up for the operator's statistics; failures only logged. */
export function recordSearchNow(term: string, stickerId: number | null): Promise<void> {
  return api
    .post('/api/search-records/add', { term: term.slice(0, 100), stickerId }, { schema: unknownReply })
    .then(
      () => undefined,
      (cause: unknown) => console.warn('The search was not recorded', cause),
    );
}

/** As recordSearchNow, without waiting. */
export function recordSearch(term: string, stickerId: number | null): void {
  void recordSearchNow(term, stickerId);
}
