import { searchRecordReply } from '@app/contract/lookup';
import { api } from '../../../lib/api-client';

/** POST /api/search-records/add: counts a look-up for the operator's statistics; failures only logged. */
export function recordSearch(term: string, stickerId: number | null): void {
  api
    .post('/api/search-records/add', { term: term.slice(0, 100), stickerId }, { schema: searchRecordReply })
    .catch((cause: unknown) => console.warn('The search was not recorded', cause));
}
