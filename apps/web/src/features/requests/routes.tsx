import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';

// Drawn in the browser only: the desk is signed in, and the visitor's page is opened with a secret
// in the address's fragment, which the server never sees (nor should it keep or cache the page).
const browserOnly: RouteHandle = { clientOnly: true };

/** The request desk's pages, spread into the signs brand's routes; each page's code arrives when opened. */
export const requestsRoutes: RouteObject[] = [
  {
    path: '/requests',
    element: lazyPage(() => import('./desk-page').then((m) => m.DeskPage)),
    handle: browserOnly,
  },
  {
    path: '/requests/:id',
    element: lazyPage(() => import('./request-page').then((m) => m.RequestPage)),
    handle: browserOnly,
  },
  {
    path: '/request/:reference',
    element: lazyPage(() => import('./visitor-page').then((m) => m.VisitorPage)),
    handle: browserOnly,
  },
];
