import { api } from '../../../lib/api-client';
import { visitorCall, visitorPath } from './get-visitor-request';

/**
 * POST /api/requests/visitor/{reference}/documents: proof of identity or authority, as one file, in
 * the parts the contact form uses (`data`, here empty, and one `uploadFile`).
 */
export function visitorDocument(reference: string, key: string, file: File) {
  const form = new FormData();
  form.append('data', '{}');
  form.append('uploadFile', file);
  return api.post(`${visitorPath(reference)}/documents`, form, visitorCall(key));
}
