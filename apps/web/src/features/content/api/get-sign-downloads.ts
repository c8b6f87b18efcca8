import { type SignDownloadsReply, signDownloadsReply } from '@app/contract/sign-downloads';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const signDownloadsPath = '/api/downloads/signs';

/** GET /api/downloads/signs: the sign artwork and guides, with their sizes. */
export function useSignDownloads(): UseQueryResult<SignDownloadsReply> {
  return useQuery({
    queryKey: ['sign-downloads'],
    queryFn: ({ signal }) => api.get(signDownloadsPath, { schema: signDownloadsReply, signal }),
    staleTime: 60 * 60_000,
  });
}
