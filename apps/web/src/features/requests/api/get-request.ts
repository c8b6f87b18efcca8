import { type DeskRequest, deskRequestReply } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deskKey } from './query-keys';

export const requestKey = (id: number) => [...deskKey, 'request', id];

/** GET /api/requests/{id}: one request with its history, documents and the actions its state allows. */
export function requestQuery(id: number) {
  return queryOptions<DeskRequest>({
    queryKey: requestKey(id),
    queryFn: ({ signal }) => api.get(`/api/requests/${id}`, { schema: deskRequestReply, signal }),
  });
}
