import { disclosureFile } from '@app/contract/disclosures';
import { api } from '../../../lib/api-client';

/** POST /api/requests/{id}/clips/{fileId}/stills: a JPEG still of a clip at `atSeconds`, kept as a file. */
export function makeStill(requestId: number, fileId: number, atSeconds: number) {
  return api.post(
    `/api/requests/${requestId}/clips/${fileId}/stills`,
    { atSeconds },
    { schema: disclosureFile },
  );
}
