import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';

// Drawn in the browser only: the log is a signed-in master user's.
const browserOnly: RouteHandle = { clientOnly: true };

/** The company's disclosure log, spread into the signs brand's routes; its code arrives when opened. */
export const disclosureLogRoutes: RouteObject[] = [
  {
    path: '/company/disclosure-log',
    element: lazyPage(() => import('./log-page').then((m) => m.LogPage)),
    handle: browserOnly,
  },
];
