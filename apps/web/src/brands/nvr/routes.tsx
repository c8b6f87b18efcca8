import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { contentPage } from '../../features/catalogue/lazy-page';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  contactUsRoute,
  { path: '/zipvision', element: contentPage('zipvision') },
  { path: '/phone-apps', element: contentPage('phone-apps') },
  { path: '/free-software', element: contentPage('free-software') },
  { path: '/accessorie', element: contentPage('accessorie') },
  { path: '/firmware', element: contentPage('firmware') },
  {
    path: '/resources/:contentType',
    element: lazyPage(() => import('./resources-page').then((m) => m.ResourcesPage)),
  },
  {
    path: '/products/:name',
    element: lazyPage(() =>
      import('../../features/catalogue/components/product-page').then((m) => m.ProductPage),
    ),
  },
  { path: '/connect', element: contentPage('connect') },
  { path: '/port', element: contentPage('port') },
];
