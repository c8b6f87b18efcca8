import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { lazyPage } from '../../components/lazy-page';

const searchSchemeHandle: RouteHandle = {
  serverLoad: (args) => import('./server-load').then((m) => m.loadSearchSchemePage(args)),
};
const signedIn: RouteHandle = { clientOnly: true };

/**
 * The public look-up and the Requests list, spread into the signs brand's routes. Each page's
 * code arrives when it is opened, so the brand's first paint carries none of it.
 */
export const lookupRoutes: RouteObject[] = [
  {
    path: '/search-scheme',
    element: lazyPage(() => import('./search-scheme-page').then((m) => m.SearchSchemePage)),
    handle: searchSchemeHandle,
  },
  { path: '/search', element: lazyPage(() => import('./search-page').then((m) => m.SearchPage)) },
  {
    path: '/sign/:signRef',
    element: lazyPage(() => import('./sign-page').then((m) => m.SignPage)),
  },
  {
    path: '/sign/:signRef/print',
    element: lazyPage(() => import('./print-page').then((m) => m.PrintPage)),
  },
  {
    path: '/requests',
    element: lazyPage(() => import('./requests-page').then((m) => m.RequestsPage)),
    handle: signedIn,
  },
];
