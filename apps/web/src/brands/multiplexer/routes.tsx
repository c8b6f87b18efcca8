import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { ourBrandsRoute } from '../../features/brands-page/our-brands-route';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  contactUsRoute,
  ourBrandsRoute,
];
