import { disclosureSummary, type ReleaseBody } from '@app/contract/disclosure-release';
import { api } from '../../../lib/api-client';

/** POST /api/requests/{id}/disclosures (master users): files and the reply letter released to the visitor. */
export function releaseDisclosure(requestId: number, body: ReleaseBody) {
  return api.post(`/api/requests/${requestId}/disclosures`, body, { schema: disclosureSummary });
}
