import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { ourBrandsRoute } from '../../features/brands-page/our-brands-route';
import { contentPage } from '../../features/catalogue/lazy-page';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  { path: '/features', element: contentPage('features') },
  { path: '/product', element: contentPage('product') },
  contactUsRoute,
  { path: '/download', element: contentPage('download') },
  ourBrandsRoute,
];
