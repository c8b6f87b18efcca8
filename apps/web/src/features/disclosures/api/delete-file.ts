import { disclosureFilesReply } from '@app/contract/disclosures';
import { api } from '../../../lib/api-client';

/** DELETE /api/requests/{id}/clips/{fileId} (master users): the bytes go, the hashes and history stay. */
export function deleteFile(requestId: number, fileId: number) {
  return api.delete(`/api/requests/${requestId}/clips/${fileId}`, { schema: disclosureFilesReply });
}
