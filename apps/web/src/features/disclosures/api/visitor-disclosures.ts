import { disclosuresReply } from '@app/contract/disclosure-release';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The disclosures' address under the visitor's private link; the grant cookie is scoped to each one's. */
export const visitorDisclosurePath = (reference: string, disclosureId?: number) =>
  `/api/requests/visitor/${encodeURIComponent(reference)}/disclosures${
    disclosureId === undefined ? '' : `/${disclosureId}`
  }`;

/** The private link's key goes in a header (never in the address); a 401 here is no one's session. */
export const visitorOptions = (key: string) => ({
  headers: { 'X-Request-Key': key },
  clearSessionOnUnauthorized: false,
});

export const visitorDisclosuresKey = (reference: string) =>
  ['disclosures', 'visitor', reference.toUpperCase()] as const;

/** GET /api/requests/visitor/{reference}/disclosures: what the operator released to this visitor. */
export function visitorDisclosuresQuery(reference: string, key: string) {
  return queryOptions({
    queryKey: visitorDisclosuresKey(reference),
    queryFn: ({ signal }) =>
      api.get(visitorDisclosurePath(reference), { schema: disclosuresReply, signal, ...visitorOptions(key) }),
    retry: false,
  });
}
