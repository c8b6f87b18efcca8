import type { SignLookupReply } from '@app/contract/lookup';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, trustedReply } from '../../../lib/api-client';

/** GET /api/stickers/search/{term}: the sign with this reference (hyphens and case forgiven). */
export function lookupSign(term: string, signal?: AbortSignal): Promise<SignLookupReply> {
  return api.get(`/api/stickers/search/${encodeURIComponent(term.trim())}`, {
    schema: trustedReply<SignLookupReply>(),
    signal,
    clearSessionOnUnauthorized: false,
  });
}

/** The look-up of a sign's page, the same on the server (which draws the page) and in the browser. */
export function signLookupQuery(term: string) {
  return queryOptions({
    queryKey: ['sign', term.toUpperCase().replace(/[^A-Z0-9]/g, '')],
    queryFn: ({ signal }) => lookupSign(term, signal),
    retry: false,
    // A reference the server found no sign for stays unfound while the page is open.
    retryOnMount: false,
    staleTime: 60_000,
  });
}

export function useSignLookup(term: string): UseQueryResult<SignLookupReply> {
  return useQuery(signLookupQuery(term));
}
