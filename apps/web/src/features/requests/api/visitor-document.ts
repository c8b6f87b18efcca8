import { api } from '../../../lib/api-client';
import { visitorCall, visitorPath } from './get-visitor-request';

/** POST /api/requests/visitor/{reference}/documents: proof of identity or authority, as one file. */
export function visitorDocument(reference: string, key: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post(`${visitorPath(reference)}/documents`, form, visitorCall(key));
}
