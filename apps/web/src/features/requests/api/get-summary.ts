import type { DeskSummary } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api, trustedReply } from '../../../lib/api-client';
import { deskKey } from './query-keys';

/**
 * GET /api/requests/summary: the counts beside the menu entry and the nearest deadline. Read
 * unchecked (the API checks it against deskSummaryReply before sending): the menu is on every
 * page, and checking it here would load zod with it (docs/decisions/0030).
 */
export const summaryQuery = queryOptions<DeskSummary>({
  queryKey: [...deskKey, 'summary'],
  queryFn: ({ signal }) => api.get('/api/requests/summary', { schema: trustedReply<DeskSummary>(), signal }),
  staleTime: 60_000,
});
