import type { BrandConfig } from '../types';
import { signs } from './signs';

// Placeholder until this brand's own configuration is written.
export const anpr: BrandConfig = {
  ...signs,
  id: 'anpr',
  hostKeys: ['anpr'],
  name: 'anpr',
  pages: { '/': { title: 'anpr' }, '/contact-us': { title: 'Contact us' }, '/404': { title: 'Page not found' } },
  siteMapPages: ['/', '/contact-us'],
  showFooter: 'fixed',
};
