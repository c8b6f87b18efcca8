import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <PageShell intro="Recorded voice messages for security systems, and the players that speak them." />
    ),
  },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about messages, players or an order: write to us." />,
  },
  { path: '/messages', element: <PageShell intro="Every voice message, by category." /> },
  { path: '/how-to', element: <PageShell intro="How to load and play messages on your player." /> },
  { path: '/about', element: <PageShell intro="Who records the messages and makes the players." /> },
  { path: '/category/:id', element: <PageShell intro="The voice messages of this category." /> },
  { path: '/subcategory/:id', element: <PageShell intro="The voice messages of this subcategory." /> },
  { path: '/message/:id', element: <PageShell intro="Listen to this message and download it." /> },
  {
    path: '/products/:name',
    element: <PageShell intro={({ name }) => `Details of the ${name ?? ''} product.`} />,
  },
];
