import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { signedInRoutes } from '../../components/signed-in/signed-in-routes';

/**
 * The company's sites, spread into the signs brand's routes: Your sites (confirming a site's
 * details), adding or editing a site, and what the public sees of each site's contact. Each page's
 * code arrives when it is opened, so none of it is in the brand's first paint.
 *
 * /manage-contact belongs here rather than to the company: what it edits is what the public sees
 * on each site's sign page. It is chosen and previewed site by site, a site may have settings of
 * its own or follow the company's (DELETE /api/contact/publication/site/:id), and the company's
 * settings are only the ones a site without its own shows.
 */
const pages = ({ yourSitesLead }: SitesSlots): RouteObject[] => [
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

/** What the sites' pages show of other features, given where the brand's routes are put together. */
export interface SitesSlots {
  /** First on Your sites, where an operator lands after sign-in (the open requests). */
  yourSitesLead: ReactNode;
}

export const sitesRoutes = (slots: SitesSlots): RouteObject[] => signedInRoutes(pages(slots));
