import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';

const svgText: Parser<string> = {
  parse(data) {
    if (typeof data !== 'string' || !data.trimStart().startsWith('<svg')) {
      throw new Error('the QR code is not an SVG');
    }
    return data;
  },
};

/**
 * GET /api/signs/{ref}/qr.svg as text. The server draws the sign page with it, so the code is in
 * the page's first bytes (an image the browser need not fetch, painted with the text).
 */
export function useSignQr(signRef: string): UseQueryResult<string> {
  return useQuery(signQrQuery(signRef));
}

/** The QR code's query, the same on the server (loaded before the page is drawn) and in the browser. */
export function signQrQuery(signRef: string) {
  return queryOptions({
    queryKey: ['sign-qr', signRef],
    queryFn: ({ signal }) =>
      api.get(`/api/signs/${encodeURIComponent(signRef)}/qr.svg`, {
        schema: svgText,
        signal,
        clearSessionOnUnauthorized: false,
      }),
    retry: false,
    // The code of a reference never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
