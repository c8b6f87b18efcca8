import { api } from '../../../lib/api-client';
import { visitorCall, visitorPath } from './get-visitor-request';

/** POST /api/requests/visitor/{reference}/messages: the visitor writes to the operator. */
export function visitorMessage(reference: string, key: string, body: string) {
  return api.post(`${visitorPath(reference)}/messages`, { body }, visitorCall(key));
}
