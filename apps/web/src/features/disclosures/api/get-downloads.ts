import { z } from '@app/contract/zod';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The reply of GET …/downloads, as the API's route declares it. */
const downloadLog = z.object({
  downloads: z.array(
    z.object({
      at: z.string(),
      what: z.enum(['file', 'letter', 'pack']),
      itemId: z.number().int().nullable(),
      clientAddress: z.string(),
      range: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
      bytesSent: z.number().int().nullable(),
    }),
  ),
});
export type DownloadEntry = z.infer<typeof downloadLog>['downloads'][number];

/** GET /api/requests/{id}/disclosures/{d}/downloads: every download, when, from where, how many bytes. */
export function downloadsQuery(requestId: number, disclosureId: number) {
  return queryOptions({
    queryKey: ['disclosures', 'downloads', requestId, disclosureId] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/requests/${requestId}/disclosures/${disclosureId}/downloads`, {
        schema: downloadLog,
        signal,
      }),
  });
}
