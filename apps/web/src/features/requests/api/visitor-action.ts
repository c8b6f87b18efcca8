import type { VisitorActionBody } from '@app/contract/requests';
import { api } from '../../../lib/api-client';
import { visitorCall, visitorPath } from './get-visitor-request';

/** POST /api/requests/visitor/{reference}/actions: send the details asked for, or withdraw. */
export function visitorAction(reference: string, key: string, body: VisitorActionBody) {
  return api.post(`${visitorPath(reference)}/actions`, body, visitorCall(key));
}
