import { disclosuresReply } from '@app/contract/disclosure-release';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const disclosuresKey = (requestId: number) => ['disclosures', 'released', requestId] as const;

/** GET /api/requests/{id}/disclosures: what was released to the request's visitor, and whether it still is. */
export function disclosuresQuery(requestId: number) {
  return queryOptions({
    queryKey: disclosuresKey(requestId),
    queryFn: ({ signal }) =>
      api.get(`/api/requests/${requestId}/disclosures`, { schema: disclosuresReply, signal }),
  });
}
