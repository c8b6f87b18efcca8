import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { signedInRoutes } from '../../components/signed-in/signed-in-routes';

/**
 * The operator's own account (details, password, e-mail change, their data, deleting the
 * account), spread into the signs brand's routes. The page's code arrives when it is opened.
 */
export const accountRoutes: RouteObject[] = signedInRoutes([
  {
    path: '/update-details',
    element: lazyPage(() => import('./update-details-page').then((m) => m.UpdateDetailsPage)),
  },
]);
