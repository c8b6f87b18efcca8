import { notifyReply } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deskKey } from './query-keys';

/** GET /api/requests/notify: the company's users, and which of them are told of new requests. */
export const notifyQuery = queryOptions({
  queryKey: [...deskKey, 'notify'],
  queryFn: ({ signal }) => api.get('/api/requests/notify', { schema: notifyReply, signal }),
});
