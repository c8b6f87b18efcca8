import { requestIntakeReply } from '@app/contract/requests';
import type { OfficialRequestBody } from '@app/contract/requests-third-party';
import { api } from '../../../lib/api-client';

/**
 * POST /api/signs/{signRef}/official: a request from the police, an insurer or a solicitor, in the
 * parts the contact form uses (`data` as JSON, and the client's authority as one `uploadFile`).
 */
export function sendOfficialRequest(signRef: string, body: OfficialRequestBody, authority: File | null) {
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  if (authority) form.append('uploadFile', authority);
  return api.post(`/api/signs/${encodeURIComponent(signRef)}/official`, form, { schema: requestIntakeReply });
}
