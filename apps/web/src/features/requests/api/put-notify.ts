import { notifyReply } from '@app/contract/requests';
import { api } from '../../../lib/api-client';

/** PUT /api/requests/notify (master users): who is told of new requests. */
export function putNotify(userIds: number[]) {
  return api.put('/api/requests/notify', { userIds }, { schema: notifyReply });
}
