import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { signedInRoutes } from '../../components/signed-in/signed-in-routes';

/**
 * The operator workspace, spread into the signs brand's routes. Each page's code arrives when it
 * is opened, so none of it is in the brand's first paint.
 */
const pages = ({ yourSitesLead }: WorkspaceSlots): RouteObject[] => [
  {
    path: '/your-sites',
    element: lazyPage(() => import('./your-sites-page').then((m) => m.YourSitesPage), {
      lead: yourSitesLead,
    }),
  },
  { path: '/site', element: lazyPage(() => import('./site-page').then((m) => m.SitePage)) },
  {
    path: '/manage-contact',
    element: lazyPage(() => import('./manage-contact-page').then((m) => m.ManageContactPage)),
  },
];

/** What the workspace's pages show of other features, given where the brand's routes are put together. */
export interface WorkspaceSlots {
  /** First on Your sites, where an operator lands after sign-in (the open requests). */
  yourSitesLead: ReactNode;
}

/** Signed-in pages: drawn in the browser, never by the server. */
export const workspaceRoutes = (slots: WorkspaceSlots): RouteObject[] => signedInRoutes(pages(slots));
