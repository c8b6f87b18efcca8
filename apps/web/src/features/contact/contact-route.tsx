import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

/** The /contact-us route of every brand; the form's code arrives when the page is opened. */
export const contactUsRoute: RouteObject = {
  path: '/contact-us',
  element: lazyPage(() => import('./contact-page').then((m) => m.ContactPage)),
};
