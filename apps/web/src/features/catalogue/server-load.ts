import type { Params } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';
import { contentQuery } from './api/content-query';

/**
 * The handle of a route whose page shows these content calls (paths from the route's parameters):
 * the server loads them before it draws the page, so it draws the page once with all it shows
 * (issue 33). One try each: a failure is drawn as the page draws it, and the browser may try again.
 */
export function showsContent(pathsOf: (params: Params) => string[]): RouteHandle {
  return {
    serverLoad: async ({ queryClient, params, brandId }) => {
      await Promise.all(
        pathsOf(params).map((path) =>
          queryClient.prefetchQuery({ ...contentQuery(brandId, path), retry: false }),
        ),
      );
      return undefined;
    },
  };
}
