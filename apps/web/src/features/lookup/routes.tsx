import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';

function lazyElement(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Page />
    </Suspense>
  );
}

/**
 * The public look-up and the Requests list, spread into the signs brand's routes. Each page's
 * code arrives when it is opened, so the brand's first paint carries none of it.
 */
export const lookupRoutes: RouteObject[] = [
  {
    path: '/search-scheme',
    element: lazyElement(() => import('./search-scheme-page').then((m) => m.SearchSchemePage)),
  },
  { path: '/search', element: lazyElement(() => import('./search-page').then((m) => m.SearchPage)) },
  { path: '/sign/:signRef', element: lazyElement(() => import('./sign-page').then((m) => m.SignPage)) },
  {
    path: '/sign/:signRef/print',
    element: lazyElement(() => import('./print-page').then((m) => m.PrintPage)),
  },
  { path: '/requests', element: lazyElement(() => import('./requests-page').then((m) => m.RequestsPage)) },
];
