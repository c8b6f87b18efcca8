import { deskRequestReply } from '@app/contract/requests';
import { api } from '../../../lib/api-client';

/** POST /api/requests/{id}/messages: the operator writes to the visitor. */
export function operatorMessage(id: number, body: string) {
  return api.post(`/api/requests/${id}/messages`, { body }, { schema: deskRequestReply });
}
