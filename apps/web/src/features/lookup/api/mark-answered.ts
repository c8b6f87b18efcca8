import { relayRequestSchema } from '@app/contract/lookup';
import { api } from '../../../lib/api-client';

/** PUT /api/relay/requests/{id}: the operator marks a request answered, or open again. */
export function markAnswered(id: number, answered: boolean) {
  return api.put(`/api/relay/requests/${id}`, { answered }, { schema: relayRequestSchema });
}
