import { type DownloadLinkBody, downloadLinkReply } from '@app/contract/catalogue';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/download-link: mails a link to the message's recording that works for 24 hours. */
export function requestDownloadLink(body: DownloadLinkBody) {
  return api.post('/api/download-link', body, { schema: downloadLinkReply });
}

export function useRequestDownloadLink() {
  return useMutation({ mutationFn: requestDownloadLink });
}
