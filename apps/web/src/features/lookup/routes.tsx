import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';
import type { ContactFormProps } from './sign-page';

const searchSchemeHandle: RouteHandle = {
  serverLoad: (args) => import('./server-load').then((m) => m.loadSearchSchemePage(args)),
};

const signHandle: RouteHandle = {
  serverLoad: (args) => import('./server-load').then((m) => m.loadSignPage(args)),
};

/** What the look-up's pages show of other features, given where the brand's routes are put together. */
export interface LookupSlots {
  /** The form on a sign's page that contacts the operator. */
  contactForm: ComponentType<ContactFormProps>;
}

/**
 * The public look-up, spread into the signs brand's routes. Each page's code arrives when it is
 * opened, so the brand's first paint carries none of it.
 */
export const lookupRoutes = ({ contactForm }: LookupSlots): RouteObject[] => [
  {
    path: '/search-scheme',
    element: lazyPage(() => import('./search-scheme-page').then((m) => m.SearchSchemePage)),
    handle: searchSchemeHandle,
  },
  { path: '/search', element: lazyPage(() => import('./search-page').then((m) => m.SearchPage)) },
  {
    path: '/sign/:signRef',
    element: lazyPage(() => import('./sign-page').then((m) => m.SignPage), { contactForm }),
    handle: signHandle,
  },
  // The same page with its contact form open, and after the server sent what that form posted: both
  // drawn by the server, so the form opens and sends before the page's scripts arrive.
  {
    path: '/sign/:signRef/contact',
    element: lazyPage(() => import('./sign-page').then((m) => m.SignPage), { contactForm, part: 'contact' }),
    handle: signHandle,
  },
  {
    path: '/sign/:signRef/contact/sent',
    element: lazyPage(() => import('./sign-page').then((m) => m.SignPage), { contactForm, part: 'sent' }),
    handle: signHandle,
  },
  {
    path: '/sign/:signRef/print',
    element: lazyPage(() => import('./print-page').then((m) => m.PrintPage)),
  },
];
