import { api, type Parser } from '../../../lib/api-client';

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
 * A signed-in download (GET /api/requests.csv, GET /api/requests/{id}/documents/{docId}): the
 * session's token goes in a header, which a plain link cannot send, so the file is fetched and
 * then handed to the browser to save under `filename`.
 */
export async function download(path: string, filename: string): Promise<void> {
  const file = await api.get(path, { schema: blob, asBlob: true });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has started the save by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
