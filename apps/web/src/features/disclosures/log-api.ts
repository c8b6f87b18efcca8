import { type DisclosureLogReply, disclosureLogReply } from '@app/contract/disclosure-log';
import { queryOptions } from '@tanstack/react-query';
import { api, type Parser } from '../../lib/api-client';

export const LOG_CSV_PATH = '/api/company/disclosure-log.csv';

/** GET /api/company/disclosure-log: the company's newest disclosures and third-party decisions (master users). */
export const disclosureLogQuery = queryOptions<DisclosureLogReply>({
  queryKey: ['disclosures', 'log'],
  queryFn: ({ signal }) => api.get('/api/company/disclosure-log', { schema: disclosureLogReply, signal }),
});

const blob: Parser<Blob> = {
  parse(data) {
    // Duck-typed: a Blob from fetch need not be this realm's Blob (a test's, a worker's).
    if (typeof data !== 'object' || data === null || !('arrayBuffer' in data)) {
      throw new Error('the download is not a file');
    }
    return data as Blob;
  },
};

/**
 * The whole log as CSV: the session's token goes in a header, which a plain link cannot send, so
 * the file is fetched and handed to the browser to save.
 */
export async function downloadLogCsv(): Promise<void> {
  const file = await api.get(LOG_CSV_PATH, { schema: blob, asBlob: true });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'disclosure-log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has started the save by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
