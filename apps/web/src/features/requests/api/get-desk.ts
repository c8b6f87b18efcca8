import type { DeskFilter } from '@app/contract/request-lifecycle';
import { type DeskReply, deskReply } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deskKey } from './query-keys';

/** GET /api/requests?filter=: the company's requests, most urgent first, and the count of each filter. */
export function deskQuery(filter: DeskFilter) {
  return queryOptions<DeskReply>({
    queryKey: [...deskKey, 'list', filter],
    queryFn: ({ signal }) => api.get(`/api/requests?filter=${filter}`, { schema: deskReply, signal }),
  });
}
