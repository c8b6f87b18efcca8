import { deskRequestReply, type OperatorActionBody } from '@app/contract/requests';
import { api } from '../../../lib/api-client';

/** POST /api/requests/{id}/actions: one step of the lifecycle (409 with a message when the state refuses it). */
export function operatorAction(id: number, body: OperatorActionBody) {
  return api.post(`/api/requests/${id}/actions`, body, { schema: deskRequestReply });
}
