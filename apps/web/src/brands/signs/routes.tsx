import type { RouteObject } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { lookupRoutes } from '../../features/lookup/routes';
import { workspaceRoutes } from '../../features/workspace/routes';

export const routes: RouteObject[] = [
  ...lookupRoutes,
  ...workspaceRoutes,
  {
    path: '/',
    element: (
      <PageShell intro="Look up the sign reference on a CCTV warning sign to find out who runs the cameras and how to contact them." />
    ),
  },
  {
    path: '/comply',
    element: (
      <PageShell intro="What a CCTV scheme operator must show on a warning sign, and how the register helps." />
    ),
  },
  {
    path: '/signs',
    element: <PageShell intro="Warning signs carrying a register sticker, ready for your scheme." />,
  },
  { path: '/download', element: <PageShell intro="Sign artwork and guidance for scheme operators." /> },
  { path: '/links', element: <PageShell intro="Guidance and organisations that help with CCTV rules." /> },
  { path: '/faqs', element: <PageShell intro="Answers to the questions we are asked most often." /> },
  {
    path: '/help',
    element: <PageShell intro="How to register, add sites and keep your contact details up to date." />,
  },
  { path: '/terms', element: <PageShell intro="The terms on which the register may be used." /> },
  { path: '/cookie', element: <PageShell intro="Which cookies this site uses and why." /> },
  {
    path: '/disclaimer',
    element: <PageShell intro="The limits of the information published on this site." />,
  },
  {
    path: '/signage-solution',
    element: <PageShell intro="A complete signage solution for CCTV schemes of any size." />,
  },
  {
    path: '/partnership-programme',
    element: <PageShell intro="Work with us to supply register signs to your customers." />,
  },
  { path: '/forum-cookie', element: <PageShell intro="Which cookies the forum uses and why." /> },
  { path: '/about-us', element: <PageShell intro="Who runs the register and why it exists." /> },
  {
    path: '/contact-us',
    element: <PageShell intro="Questions about the register, your signs or your account: write to us." />,
  },
  { path: '/site-map', element: <PageShell intro="Every public page of this site." /> },
  { path: '/our-brands', element: <PageShell intro="The sister sites of the register." /> },
];
