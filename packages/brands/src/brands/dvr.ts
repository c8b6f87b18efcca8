import type { BrandConfig } from '../types';
import { signs } from './signs';

// Placeholder until this brand's own configuration is written.
export const dvr: BrandConfig = {
  ...signs,
  id: 'dvr',
  hostKeys: ['dvr'],
  name: 'dvr',
  pages: { '/': { title: 'dvr' }, '/contact-us': { title: 'Contact us' }, '/404': { title: 'Page not found' } },
  siteMapPages: ['/', '/contact-us'],
  showFooter: 'fixed',
};
