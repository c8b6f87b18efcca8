import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { contentPage } from '../../features/catalogue/lazy-page';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  contactUsRoute,
  { path: '/messages', element: lazyPage(() => import('./messages-page').then((m) => m.MessagesPage)) },
  { path: '/how-to', element: contentPage('how-to') },
  { path: '/about', element: contentPage('about') },
  { path: '/category/:id', element: lazyPage(() => import('./category-page').then((m) => m.CategoryPage)) },
  {
    path: '/subcategory/:id',
    element: lazyPage(() => import('./subcategory-page').then((m) => m.SubcategoryPage)),
  },
  { path: '/message/:id', element: lazyPage(() => import('./message-page').then((m) => m.MessagePage)) },
  {
    path: '/products/:name',
    element: lazyPage(() =>
      import('../../features/catalogue/components/product-page').then((m) => m.ProductPage),
    ),
  },
];
