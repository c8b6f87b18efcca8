import type { BrandConfig } from '../types';
import { signs } from './signs';

// Placeholder until this brand's own configuration is written.
export const multiplexer: BrandConfig = {
  ...signs,
  id: 'multiplexer',
  hostKeys: ['multiplexer'],
  name: 'multiplexer',
  pages: { '/': { title: 'multiplexer' }, '/contact-us': { title: 'Contact us' }, '/404': { title: 'Page not found' } },
  siteMapPages: ['/', '/contact-us'],
  showFooter: 'fixed',
};
