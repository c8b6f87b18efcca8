import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

const signedIn: RouteHandle = { clientOnly: true };

/**
 * The signed-in pages of a feature (account, company, sites, signs), as the brand's routes spread
 * them: drawn in the browser, never by the server.
 */
export const signedInRoutes = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, handle: signedIn }));
