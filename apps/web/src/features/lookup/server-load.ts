import { ApiError } from '../../lib/api-client';
import type { ServerLoadArgs } from '../../lib/route-handle';
import { serverDoneKeys } from '../../lib/route-handle';
import { signLookupQuery } from './api/lookup-sign';
import { signQrQuery } from './api/sign-qr';
import { signPath } from './format';

/**
 * /search-scheme?ref=X answered by the server (the home page's look-up box is a plain GET form):
 * a found sign's page replaces this one, as in the browser; for an unknown reference the page
 * keeps X in the box and says no sign has it. The look-up is counted by the page in the browser
 * (decision 0022), as when the browser looks X up itself.
 */
export async function loadSearchSchemePage({
  queryClient,
  url,
}: ServerLoadArgs): Promise<string | undefined> {
  const ref = (url.searchParams.get('ref') ?? '').slice(0, 40);
  const term = ref.trim();
  if (!term) return undefined;
  try {
    const sign = await queryClient.fetchQuery(signLookupQuery(term));
    return signPath(sign.signRef);
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) {
      queryClient.setQueryData(serverDoneKeys.refNotFound(ref), true);
    }
    return undefined;
  }
}

/**
 * /sign/{ref} and its parts: the sign and its QR code loaded before the page is drawn, so the
 * server draws it once with all it shows (issue 33) rather than drawing it to learn what it asks
 * for. Failures stay in the query cache and are drawn as the browser draws them.
 */
export async function loadSignPage({ queryClient, params }: ServerLoadArgs): Promise<undefined> {
  const term = params.signRef ?? '';
  await queryClient.prefetchQuery(signLookupQuery(term));
  const sign = queryClient.getQueryData(signLookupQuery(term).queryKey);
  if (sign) await queryClient.prefetchQuery(signQrQuery(sign.signRef));
  return undefined;
}
