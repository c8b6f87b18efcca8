import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { contentPage } from '../../features/catalogue/lazy-page';

export const routes: RouteObject[] = [
  { path: '/', element: contentPage('home') },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about the software, licences or support: write to us." />,
  },
  { path: '/our-brands', element: <PageShell intro="The sister sites of this brand." /> },
];
