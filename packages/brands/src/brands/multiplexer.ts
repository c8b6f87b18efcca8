import { brandStarts } from '../start';
import type { BrandConfig } from '../types';

const { hostKeys, theme } = brandStarts.multiplexer;

export const multiplexer: BrandConfig = {
  id: 'multiplexer',
  hostKeys,
  name: 'CableMux',
  tagline: 'Up to eight cameras over a single coax or UTP cable.',
  title: 'CableMux: several CCTV cameras over one cable',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      { label: 'Our brands', to: '/our-brands' },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  logoDetails: { logo: '/brands/multiplexer/logo.svg', width: 170, height: 53, alt: 'CableMux' },
  ...theme,
  pages: {
    '/': {
      title: 'CableMux cable multiplexers',
      description:
        'CableMux sends up to eight HD camera signals, plus power and telemetry, down one existing coax or UTP cable: add cameras without pulling new cable.',
    },
    '/our-brands': {
      title: 'Our brands',
      description: 'CableMux is one of a family of UK CCTV and security brands.',
    },
    '/contact-us': {
      title: 'Contact us',
      description: 'Ask which CableMux kit suits your cable run, or for trade prices.',
    },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: ['/', '/our-brands', '/contact-us'],
  robots: { allow: ['/'], disallow: ['/api/'] },
  sitemap: true,
  ogTitle: 'CableMux: up to eight CCTV cameras over one cable',
  ogImage: '/brands/multiplexer/og.png',
  ogDesc:
    'Add cameras without new cable runs. A CableMux transmitter and receiver pair carries up to eight HD camera signals over one coax or UTP cable.',
  url: 'https://www.cablemux.co.uk',
  favicon: '/brands/multiplexer/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'fixed',
  footerDetails: {
    footerLinks: [
      {
        title: 'CableMux',
        links: [
          { label: 'Home', to: '/' },
          { label: 'Our brands', to: '/our-brands' },
          { label: 'Contact us', to: '/contact-us' },
        ],
      },
    ],
    socialLinks: [{ label: 'YouTube', href: 'https://www.youtube.com/@cablemux', icon: 'youtube' }],
    copyrightText: '© CableMux. All rights reserved.',
  },
  showQuickMenu: false,
  brandPage: { overlayColor: 'rgba(74, 44, 122, 0.85)', flipCardBackColor: '#4a2c7a' },
  contactUsDetails: {
    title: 'Contact CableMux',
    showHeader: true,
    showFlag: true,
    ogDesc: 'Ask which CableMux kit suits your cable, or for trade prices.',
    contactText:
      'Tell us the cable you have (coax or UTP), how long the run is and how many cameras you want on it, and we will recommend the right CableMux kit. A sketch or site plan is welcome as a PDF or JPG.',
    fields: {
      firstName: 'required',
      lastName: 'required',
      enduserTrade: 'required',
      company: 'optional',
      forAttentionOf: 'optional',
      mobilePhone: 'optional',
      email: 'required',
      confirmEmail: 'required',
      message: 'required',
      file: 'optional',
    },
  },
  productDetails: { imageMagnify: true, imageSize: 4 },
  downloadPage: {
    columns: 2,
    showHeader: true,
    otherResources: [{ label: 'Ask about your cable run', to: '/contact-us' }],
    openingTitle: 'CableMux datasheets and guides',
    openingDescription: 'Datasheets, wiring diagrams and installation guides for CableMux kits.',
  },
  mail: {
    fromName: 'CableMux',
    fromAddress: 'no-reply@cablemux.co.uk',
    staffAddress: 'sales@cablemux.co.uk',
  },
};
