import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';
import type { RequestFilesProps } from './request-page';
import type { VisitorFootageProps } from './visitor-page';

// Drawn in the browser only: the desk is signed in, and the visitor's page is opened with a secret
// in the address's fragment, which the server never sees (nor should it keep or cache the page).
const browserOnly: RouteHandle = { clientOnly: true };

/** What the desk's pages show of other features, given where the brand's routes are put together. */
export interface RequestsSlots {
  /** The clips and stills of a request, uploaded and listed on its page. */
  requestFiles: ComponentType<RequestFilesProps>;
  /** What was released to the visitor, with its downloads, on their private page. */
  visitorFootage: ComponentType<VisitorFootageProps>;
}

/** The request desk's pages, spread into the signs brand's routes; each page's code arrives when opened. */
export const requestsRoutes = ({ requestFiles, visitorFootage }: RequestsSlots): RouteObject[] => [
  {
    path: '/requests',
    element: lazyPage(() => import('./desk-page').then((m) => m.DeskPage)),
    handle: browserOnly,
  },
  {
    path: '/requests/:id',
    element: lazyPage(() => import('./request-page').then((m) => m.RequestPage), { files: requestFiles }),
    handle: browserOnly,
  },
  // The police's, an insurer's or a solicitor's own form, linked from a sign's page (docs/decisions/0052).
  {
    path: '/sign/:signRef/official',
    element: lazyPage(() => import('./third-party-form').then((m) => m.ThirdPartyFormPage)),
    handle: browserOnly,
  },
  {
    path: '/request/:reference',
    element: lazyPage(() => import('./visitor-page').then((m) => m.VisitorPage), { footage: visitorFootage }),
    handle: browserOnly,
  },
];
