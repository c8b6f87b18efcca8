import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';

export const routes: RouteObject[] = [
  { path: '/', element: <PageShell intro="Number plate recognition software for CCTV cameras." /> },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about the software, licences or support: write to us." />,
  },
  { path: '/our-brands', element: <PageShell intro="The sister sites of this brand." /> },
];
