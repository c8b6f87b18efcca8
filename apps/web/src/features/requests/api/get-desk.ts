import type { DeskFilter } from '@app/contract/request-lifecycle';
import { type DeskReply, deskReply } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every desk query starts with this key, so a change to any request refreshes them all. */
export const deskKey = ['requests', 'desk'] as const;

/** GET /api/requests?filter=: the company's requests, most urgent first, and the count of each filter. */
export function deskQuery(filter: DeskFilter) {
  return queryOptions<DeskReply>({
    queryKey: [...deskKey, 'list', filter],
    queryFn: ({ signal }) => api.get(`/api/requests?filter=${filter}`, { schema: deskReply, signal }),
  });
}
