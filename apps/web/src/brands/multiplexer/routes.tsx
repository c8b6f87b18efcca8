import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';

export const routes: RouteObject[] = [
  { path: '/', element: <PageShell intro="Carry several camera signals down a single cable." /> },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about the multiplexers, an order or support: write to us." />,
  },
  { path: '/our-brands', element: <PageShell intro="The sister sites of this brand." /> },
];
