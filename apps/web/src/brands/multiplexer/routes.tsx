import type { RouteObject } from 'react-router';
import { ourBrandsRoute } from '../../features/brands-page/our-brands-route';
import { contentPage } from '../../features/catalogue/lazy-page';
import { contactUsRoute } from '../../features/contact/contact-route';

export const routes: RouteObject[] = [
  { path: '/', element: contentPage('home') },
  contactUsRoute,
  ourBrandsRoute,
];
