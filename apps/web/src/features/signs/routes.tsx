import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { signedInRoutes } from '../../components/signed-in/signed-in-routes';

/**
 * The signs (stickers) of the company's sites: add, change, move here or retire them, spread into
 * the signs brand's routes. The page's code arrives when it is opened.
 */
export const signsRoutes: RouteObject[] = signedInRoutes([
  {
    path: '/manage-signs',
    element: lazyPage(() => import('./manage-signs-page').then((m) => m.ManageSignsPage)),
  },
]);
