import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { contentPage, lazyPage } from '../../features/catalogue/lazy-page';

export const routes: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
  { path: '/accessories', element: contentPage('accessories') },
  { path: '/manuals', element: contentPage('manuals') },
  { path: '/software', element: contentPage('software') },
  { path: '/alien-hybrid', element: lazyPage(() => import('./hybrid-page').then((m) => m.HybridPage)) },
  { path: '/dvrs/:dvrName', element: lazyPage(() => import('./dvr-model-page').then((m) => m.DvrModelPage)) },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about a recorder, an order or support: write to us." />,
  },
  { path: '/connect', element: lazyPage(() => import('./connect-page').then((m) => m.ConnectPage)) },
  { path: '/port', element: contentPage('port') },
];
