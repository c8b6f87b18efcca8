import { type DisclosureFile, disclosureFilesReply } from '@app/contract/disclosures';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const filesKey = (requestId: number) => ['disclosures', 'files', requestId] as const;

/** How often the list is read again while ffprobe or ffmpeg is at work on one of its clips. */
export const POLL_MS = 2_000;

/** ffprobe or the conversion is still at work: the list is read again until it is done. */
export const isWorking = (file: DisclosureFile) =>
  file.uploadState === 'complete' && ['probing', 'waiting', 'converting'].includes(file.processing.state);

/** GET /api/requests/{id}/clips: the request's clips and stills, read again while any is being worked on. */
export function filesQuery(requestId: number) {
  return queryOptions({
    queryKey: filesKey(requestId),
    queryFn: ({ signal }) =>
      api.get(`/api/requests/${requestId}/clips`, { schema: disclosureFilesReply, signal }),
    refetchInterval: (query) => (query.state.data?.files.some(isWorking) ? POLL_MS : false),
  });
}
