import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { contentPage, lazyPage } from '../../features/catalogue/lazy-page';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about messages, players or an order: write to us." />,
  },
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
