import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <PageShell intro="Digital video recorders for CCTV, with their manuals, software and accessories." />
    ),
  },
  {
    path: '/accessories',
    element: <PageShell intro="Cables, power supplies and other parts for our recorders." />,
  },
  { path: '/manuals', element: <PageShell intro="Manuals for every recorder model." /> },
  { path: '/software', element: <PageShell intro="Viewing and configuration software for our recorders." /> },
  { path: '/alien-hybrid', element: <PageShell intro="The hybrid recorder for analogue and IP cameras." /> },
  {
    path: '/dvrs/:dvrName',
    element: <PageShell intro={({ dvrName }) => `Details of the ${dvrName ?? ''} recorder.`} />,
  },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about a recorder, an order or support: write to us." />,
  },
  {
    path: '/connect',
    element: <PageShell intro="How to connect to your recorder over a network or the internet." />,
  },
  { path: '/port', element: <PageShell intro="Which ports to open on your router for remote viewing." /> },
];
