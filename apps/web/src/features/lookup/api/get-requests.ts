import { type RelayRequest, relayRequestsReply } from '@app/contract/lookup';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/relay/requests: the company's requests from visitors. */
export function useRelayRequests(enabled: boolean): UseQueryResult<RelayRequest[]> {
  return useQuery({
    queryKey: ['relay-requests'],
    queryFn: async ({ signal }) =>
      (await api.get('/api/relay/requests', { schema: relayRequestsReply, signal })).requests,
    enabled,
  });
}
