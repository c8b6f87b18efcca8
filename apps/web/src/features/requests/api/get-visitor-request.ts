import { type VisitorRequest, visitorRequestReply } from '@app/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitorHeaders } from '../visitor-key';

export const visitorRequestKey = (reference: string) => ['requests', 'visitor', reference.toUpperCase()];

export const visitorPath = (reference: string) => `/api/requests/visitor/${encodeURIComponent(reference)}`;

/** The options every visitor call shares: the link's key, and a 401 is no one's session. */
export const visitorCall = (key: string) => ({
  schema: visitorRequestReply,
  headers: visitorHeaders(key),
  clearSessionOnUnauthorized: false,
});

/** GET /api/requests/visitor/{reference}: the visitor's own request, opened with the link's key. */
export function visitorRequestQuery(reference: string, key: string) {
  return queryOptions<VisitorRequest>({
    queryKey: visitorRequestKey(reference),
    queryFn: ({ signal }) => api.get(visitorPath(reference), { ...visitorCall(key), signal }),
    retry: false,
  });
}
