import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

/** The /our-brands route of the brands that have one; the page's code arrives when it is opened. */
export const ourBrandsRoute: RouteObject = {
  path: '/our-brands',
  element: lazyPage(() => import('./our-brands-page').then((m) => m.OurBrandsPage)),
};
