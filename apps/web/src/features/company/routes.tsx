import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { signedInRoutes } from '../../components/signed-in/signed-in-routes';

/**
 * The operator's company (its details, its users and their invitations, and accepting one),
 * spread into the signs brand's routes. Each page's code arrives when it is opened.
 */
export const companyRoutes: RouteObject[] = signedInRoutes([
  { path: '/company', element: lazyPage(() => import('./company-page').then((m) => m.CompanyPage)) },
  {
    path: '/company-users',
    element: lazyPage(() => import('./company-users-page').then((m) => m.CompanyUsersPage)),
  },
  {
    path: '/accept-invite',
    element: lazyPage(() => import('./accept-invite-page').then((m) => m.AcceptInvitePage)),
  },
]);
