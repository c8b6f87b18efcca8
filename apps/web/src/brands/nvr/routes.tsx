import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { pagePath } from '../../features/catalogue/api/get-page';
import { productPath } from '../../features/catalogue/api/get-product';
import { productsPath } from '../../features/catalogue/api/get-products';
import { resourcesPath } from '../../features/catalogue/api/get-resources';
import { contentPage } from '../../features/catalogue/lazy-page';
import { showsContent } from '../../features/catalogue/server-load';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: lazyPage(() => import('./home-page').then((m) => m.HomePage)),
    handle: showsContent(() => [pagePath('home'), productsPath()]),
  },
  contactUsRoute,
  { path: '/zipvision', ...contentPage('zipvision') },
  { path: '/phone-apps', ...contentPage('phone-apps') },
  { path: '/free-software', ...contentPage('free-software') },
  { path: '/accessorie', ...contentPage('accessorie') },
  { path: '/firmware', ...contentPage('firmware') },
  {
    path: '/resources/:contentType',
    element: lazyPage(() => import('./resources-page').then((m) => m.ResourcesPage)),
    handle: showsContent(({ contentType }) => [resourcesPath(contentType)]),
  },
  {
    path: '/products/:name',
    element: lazyPage(() =>
      import('../../features/catalogue/components/product-page').then((m) => m.ProductPage),
    ),
    handle: showsContent(({ name }) => [productPath(name)]),
  },
  { path: '/connect', ...contentPage('connect') },
  { path: '/port', ...contentPage('port') },
];
