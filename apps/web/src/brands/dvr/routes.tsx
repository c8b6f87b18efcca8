import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { contentPage } from '../../features/catalogue/lazy-page';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  { path: '/accessories', element: contentPage('accessories') },
  { path: '/manuals', element: contentPage('manuals') },
  { path: '/software', element: contentPage('software') },
  { path: '/alien-hybrid', element: lazyPage(() => import('./hybrid-page').then((m) => m.HybridPage)) },
  { path: '/dvrs/:dvrName', element: lazyPage(() => import('./dvr-model-page').then((m) => m.DvrModelPage)) },
  contactUsRoute,
  { path: '/connect', element: lazyPage(() => import('./connect-page').then((m) => m.ConnectPage)) },
  { path: '/port', element: contentPage('port') },
];
