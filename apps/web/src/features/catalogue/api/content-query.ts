import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';

/**
 * A GET of the content API as a query. The server answers with an ETag and `no-cache`, so the
 * browser revalidates and a repeat visit costs a 304; within one visit TanStack Query's cache
 * serves pages already seen.
 */
export function useContentQuery<T>(path: string, schema: Parser<T>, enabled = true): UseQueryResult<T> {
  const brand = useBrand();
  return useQuery({
    queryKey: ['content', brand.id, path],
    queryFn: ({ signal }) => api.get(path, { schema, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A path segment from a route parameter, encoded for the URL. */
export const segment = (value: string | undefined) => encodeURIComponent(value ?? '');
