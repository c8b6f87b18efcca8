import type { DeskFilter } from '@app/contract/request-lifecycle';
import { type DeskReply, deskReply } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deskKey } from './query-keys';

/** GET /api/requests?filter=: the company's requests of one filter, the most urgent first (at most 100). */
export function deskQuery(filter: DeskFilter) {
  return queryOptions<DeskReply>({
    queryKey: [...deskKey, 'list', filter],
    queryFn: ({ signal }) => api.get(`/api/requests?filter=${filter}`, { schema: deskReply, signal }),
  });
}
