import { type RelayBody, relayReply } from '@app/contract/lookup';
import { api } from '../../../lib/api-client';

/** POST /api/signs/{signRef}/contact: the visitor's message to the operator. */
export function sendRelay(signRef: string, body: RelayBody) {
  return api.post(`/api/signs/${encodeURIComponent(signRef)}/contact`, body, { schema: relayReply });
}
