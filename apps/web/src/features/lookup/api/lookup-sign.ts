import { type SignLookupReply, signLookupReply } from '@app/contract/lookup';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/stickers/search/{term}: the sign with this reference (hyphens and case forgiven). */
export function lookupSign(term: string, signal?: AbortSignal): Promise<SignLookupReply> {
  return api.get(`/api/stickers/search/${encodeURIComponent(term.trim())}`, {
    schema: signLookupReply,
    signal,
    clearSessionOnUnauthorized: false,
  });
}

export function useSignLookup(term: string): UseQueryResult<SignLookupReply> {
  return useQuery({
    queryKey: ['sign', term.toUpperCase().replace(/[^A-Z0-9]/g, '')],
    queryFn: ({ signal }) => lookupSign(term, signal),
    retry: false,
    staleTime: 60_000,
  });
}
