import type { BrandConfig } from '../types';
import { signs } from './signs';

// Placeholder until this brand's own configuration is written.
export const ipcam: BrandConfig = {
  ...signs,
  id: 'ipcam',
  hostKeys: ['ipcam'],
  name: 'ipcam',
  pages: { '/': { title: 'ipcam' }, '/contact-us': { title: 'Contact us' }, '/404': { title: 'Page not found' } },
  siteMapPages: ['/', '/contact-us'],
  showFooter: 'fixed',
};
