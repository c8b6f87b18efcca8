import {
  type HandedOverBody,
  type ThirdPartyDecisionBody,
  thirdPartyReply,
} from '@app/contract/requests-third-party';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { requestKey } from './get-request';

/** Under the request's own key: whatever refreshes the request refreshes this too. */
export const thirdPartyKey = (id: number) => [...requestKey(id), 'third-party'];

/** GET /api/requests/{id}/third-party: what the police, insurer or solicitor gave, and the decision. */
export const thirdPartyQuery = (id: number) =>
  queryOptions({
    queryKey: thirdPartyKey(id),
    queryFn: ({ signal }) => api.get(`/api/requests/${id}/third-party`, { schema: thirdPartyReply, signal }),
  });

/** POST /api/requests/{id}/third-party/decision (master users). */
export function decideThirdParty(id: number, body: ThirdPartyDecisionBody) {
  return api.post(`/api/requests/${id}/third-party/decision`, body, { schema: thirdPartyReply });
}

/** POST /api/requests/{id}/third-party/handed-over (master users). */
export function recordHandedOver(id: number, body: HandedOverBody) {
  return api.post(`/api/requests/${id}/third-party/handed-over`, body, { schema: thirdPartyReply });
}
