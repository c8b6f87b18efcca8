import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PageShell intro="Network video recorders for IP cameras, with apps, software and firmware." />,
  },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about a recorder, an order or support: write to us." />,
  },
  { path: '/zipvision', element: <PageShell intro="The viewing software for our network recorders." /> },
  { path: '/phone-apps', element: <PageShell intro="Watch your cameras from a phone or tablet." /> },
  {
    path: '/free-software',
    element: <PageShell intro="Free software for viewing and managing recordings." />,
  },
  { path: '/accessorie', element: <PageShell intro="Cables, drives and other parts for our recorders." /> },
  { path: '/firmware', element: <PageShell intro="The latest firmware for every recorder model." /> },
  { path: '/resources/:contentType', element: <PageShell intro="Guides, manuals and files to download." /> },
  {
    path: '/products/:name',
    element: <PageShell intro={({ name }) => `Details of the ${name ?? ''} product.`} />,
  },
  {
    path: '/connect',
    element: <PageShell intro="How to connect to your recorder over a network or the internet." />,
  },
  { path: '/port', element: <PageShell intro="Which ports to open on your router for remote viewing." /> },
];
