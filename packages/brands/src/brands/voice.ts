import type { BrandConfig } from '../types';
import { signs } from './signs';

// Placeholder until this brand's own configuration is written.
export const voice: BrandConfig = {
  ...signs,
  id: 'voice',
  hostKeys: ['voice'],
  name: 'voice',
  pages: { '/': { title: 'voice' }, '/contact-us': { title: 'Contact us' }, '/404': { title: 'Page not found' } },
  siteMapPages: ['/', '/contact-us'],
  showFooter: 'fixed',
};
