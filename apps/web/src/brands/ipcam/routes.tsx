import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { ourBrandsRoute } from '../../features/brands-page/our-brands-route';
import { pagePath } from '../../features/catalogue/api/get-page';
import { productsPath } from '../../features/catalogue/api/get-products';
import { contentPage } from '../../features/catalogue/lazy-page';
import { showsContent } from '../../features/catalogue/server-load';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: lazyPage(() => import('./home-page').then((m) => m.HomePage)),
    handle: showsContent(() => [pagePath('home'), productsPath()]),
  },
  { path: '/features', ...contentPage('features') },
  { path: '/product', ...contentPage('product') },
  contactUsRoute,
  { path: '/download', ...contentPage('download') },
  ourBrandsRoute,
];
