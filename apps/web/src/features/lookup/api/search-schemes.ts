import type { SchemeSearchReply } from '@app/contract/lookup';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, trustedReply } from '../../../lib/api-client';

/** GET /api/lookup/search?q=&page=: schemes by company name, site name, town or postcode. */
export function useSchemeSearch(q: string, page: number): UseQueryResult<SchemeSearchReply> {
  return useQuery({
    queryKey: ['scheme-search', q, page],
    queryFn: ({ signal }) =>
      api.get(`/api/lookup/search?${new URLSearchParams({ q, page: String(page) })}`, {
        schema: trustedReply<SchemeSearchReply>(),
        signal,
      }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
