import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { messagePath } from '../../features/catalogue/api/get-message';
import { messageCategoriesPath } from '../../features/catalogue/api/get-message-categories';
import { messageCategoryPath } from '../../features/catalogue/api/get-message-category';
import { messageSubcategoryPath } from '../../features/catalogue/api/get-message-subcategory';
import { pagePath } from '../../features/catalogue/api/get-page';
import { productPath } from '../../features/catalogue/api/get-product';
import { productsPath } from '../../features/catalogue/api/get-products';
import { contentPage } from '../../features/catalogue/lazy-page';
import { showsContent } from '../../features/catalogue/server-load';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: lazyPage(() => import('./home-page').then((m) => m.HomePage)),
    handle: showsContent(() => [pagePath('home'), productsPath(), messageCategoriesPath()]),
  },
  contactUsRoute,
  {
    path: '/messages',
    element: lazyPage(() => import('./messages-page').then((m) => m.MessagesPage)),
    handle: showsContent(() => [pagePath('messages'), messageCategoriesPath()]),
  },
  { path: '/how-to', ...contentPage('how-to') },
  { path: '/about', ...contentPage('about') },
  {
    path: '/category/:id',
    element: lazyPage(() => import('./category-page').then((m) => m.CategoryPage)),
    handle: showsContent(({ id }) => [messageCategoryPath(id)]),
  },
  {
    path: '/subcategory/:id',
    element: lazyPage(() => import('./subcategory-page').then((m) => m.SubcategoryPage)),
    handle: showsContent(({ id }) => [messageSubcategoryPath(id)]),
  },
  {
    path: '/message/:id',
    element: lazyPage(() => import('./message-page').then((m) => m.MessagePage)),
    handle: showsContent(({ id }) => [messagePath(id)]),
  },
  {
    path: '/products/:name',
    element: lazyPage(() =>
      import('../../features/catalogue/components/product-page').then((m) => m.ProductPage),
    ),
    handle: showsContent(({ name }) => [productPath(name)]),
  },
];
