import type { BrandId } from '@app/brands';
import { queryOptions, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, trustedReply } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';

/**
 * A GET of the content API as a query, its reply typed `T` (a type of @app/contract/catalogue).
 * The server answers with an ETag and `no-cache`, so the browser revalidates and a repeat visit
 * costs a 304; within one visit TanStack Query's cache serves pages already seen.
 */
export function useContentQuery<T>(path: string, enabled = true): UseQueryResult<T> {
  const brand = useBrand();
  const options = contentQuery<T>(brand.id, path);
  const { error } = useQueryClient().getQueryState(options.queryKey) ?? {};
  // A model, product or message the server said does not exist stays so while the page is open:
  // not asked again on mount, the server's drawing shows the not-found page (answered 404), not
  // "Loading…", and the browser keeps it. Any other failure is tried again on mount as before.
  const notFound = error instanceof ApiError && error.status === 404;
  return useQuery({ ...options, enabled, retryOnMount: !notFound });
}

/**
 * The query of one content API path: its key and fetch. Whatever shows the same reply (a page and
 * the sidebar links built from it) shares one cache entry, so the reply is fetched once.
 */
export function contentQuery<T>(brandId: BrandId, path: string) {
  return queryOptions({
    queryKey: ['content', brandId, path],
    queryFn: ({ signal }) => api.get(path, { schema: trustedReply<T>(), signal }),
    staleTime: 5 * 60_000,
  });
}

/** A path segment from a route parameter, encoded for the URL. */
export const segment = (value: string | undefined) => encodeURIComponent(value ?? '');
