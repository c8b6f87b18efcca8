import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { accountRoutes } from '../../features/account/routes';
import { ourBrandsRoute } from '../../features/brands-page/our-brands-route';
import { companyRoutes } from '../../features/company/routes';
import { contactUsRoute } from '../../features/contact/contact-route';
import { disclosureLogRoutes } from '../../features/disclosures/log-routes';
import { RequestFilesSlot, VisitorFootageSlot } from '../../features/disclosures/slots';
import { lookupRoutes } from '../../features/lookup/routes';
import { requestsRoutes } from '../../features/requests/routes';
import { RequestFormSlot, RequestsSummaryPanel } from '../../features/requests/slots';
import { signsRoutes } from '../../features/signs/routes';
import { sitesRoutes } from '../../features/sites/routes';
import { loadSignsPage } from './content-sources';

type PageOfFile = ComponentType<{ page: LexedMarkdown }>;

/** A page of content/signs/<slug>.md, drawn by `component` once both have arrived. */
function markdownPage(slug: string, component: () => Promise<PageOfFile>) {
  return lazyPage(async () => {
    const [Page, page] = await Promise.all([component(), loadSignsPage(slug)]);
    return () => <Page page={page} />;
  });
}

const plainPage = (slug: string) =>
  markdownPage(slug, () => import('../../features/content/content-page').then((m) => m.ContentPage));

export const routes: RouteObject[] = [
  // The sign's page shows the request desk's form, a request's page its files, and the visitor's
  // page what was released to them: composed here, as features never import each other.
  ...lookupRoutes({ contactForm: RequestFormSlot }),
  ...requestsRoutes({ requestFiles: RequestFilesSlot, visitorFootage: VisitorFootageSlot }),
  ...sitesRoutes({ yourSitesLead: <RequestsSummaryPanel /> }),
  ...signsRoutes,
  ...accountRoutes,
  ...companyRoutes,
  ...disclosureLogRoutes,
  {
    path: '/',
    element: markdownPage('home', () => import('../../features/content/home-page').then((m) => m.HomePage)),
  },
  { path: '/comply', element: plainPage('comply') },
  { path: '/signs', element: plainPage('signs') },
  {
    path: '/download',
    element: markdownPage('download', () =>
      import('../../features/content/download-page').then((m) => m.DownloadPage),
    ),
  },
  { path: '/links', element: plainPage('links') },
  {
    path: '/faqs',
    element: markdownPage('faqs', () => import('../../features/content/faq-page').then((m) => m.FaqPage)),
  },
  { path: '/help', element: plainPage('help') },
  { path: '/terms', element: plainPage('terms') },
  { path: '/cookie', element: plainPage('cookie') },
  { path: '/disclaimer', element: plainPage('disclaimer') },
  { path: '/signage-solution', element: plainPage('signage-solution') },
  {
    path: '/partnership-programme',
    element: markdownPage('partnership-programme', () =>
      import('./partnership-page').then((m) => m.PartnershipPage),
    ),
  },
  { path: '/forum-cookie', element: plainPage('forum-cookie') },
  { path: '/about-us', element: plainPage('about-us') },
  contactUsRoute,
  {
    path: '/site-map',
    element: markdownPage('site-map', () =>
      import('../../features/content/site-map-page').then((m) => m.SiteMapPage),
    ),
  },
  ourBrandsRoute,
];
