import { disclosuresReply } from '@app/contract/disclosure-release';
import { api } from '../../../lib/api-client';

/** POST /api/requests/{id}/disclosures/{d}/revoke (master users): downloads stop, the copies are deleted. */
export function revokeDisclosure(requestId: number, disclosureId: number) {
  return api.post(
    `/api/requests/${requestId}/disclosures/${disclosureId}/revoke`,
    {},
    {
      schema: disclosuresReply,
    },
  );
}
