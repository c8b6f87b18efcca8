import type { BrandConfig } from '../types';
import { signs } from './signs';

// Placeholder until this brand's own configuration is written.
export const nvr: BrandConfig = {
  ...signs,
  id: 'nvr',
  hostKeys: ['nvr'],
  name: 'nvr',
  pages: { '/': { title: 'nvr' }, '/contact-us': { title: 'Contact us' }, '/404': { title: 'Page not found' } },
  siteMapPages: ['/', '/contact-us'],
  showFooter: 'fixed',
};
