import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { dvrPath } from '../../features/catalogue/api/get-dvr';
import { dvrIntroPath } from '../../features/catalogue/api/get-dvr-intro';
import { dvrsPath } from '../../features/catalogue/api/get-dvrs';
import { pagePath } from '../../features/catalogue/api/get-page';
import { supportPath } from '../../features/catalogue/api/get-support';
import { contentPage } from '../../features/catalogue/lazy-page';
import { showsContent } from '../../features/catalogue/server-load';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: lazyPage(() => import('./home-page').then((m) => m.HomePage)),
    handle: showsContent(() => [pagePath('home'), dvrIntroPath(), dvrsPath()]),
  },
  { path: '/accessories', ...contentPage('accessories') },
  { path: '/manuals', ...contentPage('manuals') },
  { path: '/software', ...contentPage('software') },
  {
    path: '/alien-hybrid',
    element: lazyPage(() => import('./hybrid-page').then((m) => m.HybridPage)),
    handle: showsContent(() => [pagePath('alien-hybrid'), dvrIntroPath()]),
  },
  {
    path: '/dvrs/:dvrName',
    element: lazyPage(() => import('./dvr-model-page').then((m) => m.DvrModelPage)),
    handle: showsContent(({ dvrName }) => [dvrPath(dvrName)]),
  },
  contactUsRoute,
  {
    path: '/connect',
    element: lazyPage(() => import('./connect-page').then((m) => m.ConnectPage)),
    handle: showsContent(() => [pagePath('connect'), supportPath()]),
  },
  { path: '/port', ...contentPage('port') },
];
