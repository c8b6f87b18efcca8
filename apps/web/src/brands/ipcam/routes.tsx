import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';

export const routes: RouteObject[] = [
  { path: '/', element: <PageShell intro="A tool to find, set up and test IP cameras on your network." /> },
  { path: '/features', element: <PageShell intro="What the tool can do for installers and owners." /> },
  { path: '/product', element: <PageShell intro="Editions, licences and system requirements." /> },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about the tool, licences or support: write to us." />,
  },
  { path: '/download', element: <PageShell intro="Download the tool and its guides." /> },
  { path: '/our-brands', element: <PageShell intro="The sister sites of this brand." /> },
];
