import { brandStarts } from '../start';
import type { BrandConfig } from '../types';

const { hostKeys, theme } = brandStarts.ipcam;

export const ipcam: BrandConfig = {
  id: 'ipcam',
  hostKeys,
  name: 'IPCam Scout',
  tagline: 'Find, address and set up every IP camera on your network.',
  title: 'IPCam Scout: find and set up IP cameras',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      { label: 'Features', to: '/features' },
      { label: 'Product', to: '/product' },
      { label: 'Download', to: '/download' },
      { label: 'Our brands', to: '/our-brands' },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  logoDetails: { logo: '/brands/ipcam/logo.svg', width: 180, height: 50, alt: 'IPCam Scout' },
  ...theme,
  pages: {
    '/': {
      title: 'IPCam Scout',
      description:
        'IPCam Scout finds every IP camera on your network in seconds, shows its address, model and firmware, and lets you set addresses and passwords in bulk.',
    },
    '/features': {
      title: 'Features',
      description:
        'Network scan, bulk IP addressing, password changes, firmware checks and ONVIF discovery: what IPCam Scout does.',
    },
    '/product': {
      title: 'The product',
      description: 'How IPCam Scout works, what it needs and which cameras it supports.',
    },
    '/download': {
      title: 'Download IPCam Scout',
      description:
        'The IPCam Scout Planner, which works offline, the user guide as a PDF, and the release notes of IPCam Scout 2.6 for Windows and macOS.',
    },
    '/our-brands': {
      title: 'Our brands',
      description: 'IPCam Scout is one of a family of UK CCTV and security brands.',
    },
    '/contact-us': {
      title: 'Contact us',
      description: 'Questions, feature requests or help with IPCam Scout.',
    },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: ['/', '/features', '/product', '/download', '/our-brands', '/contact-us'],
  robots: { allow: ['/'], disallow: ['/api/'] },
  sitemap: true,
  ogTitle: 'IPCam Scout: find and set up every IP camera on your network',
  ogImage: '/brands/ipcam/og.png',
  ogDesc:
    'A free tool for CCTV installers: IPCam Scout finds IP cameras on the network, shows their addresses and firmware, and sets IP addresses and passwords in bulk.',
  url: 'https://www.ipcamscout.co.uk',
  favicon: '/brands/ipcam/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'fixed',
  footerDetails: {
    footerLinks: [
      {
        title: 'IPCam Scout',
        links: [
          { label: 'Features', to: '/features' },
          { label: 'Download', to: '/download' },
          { label: 'Our brands', to: '/our-brands' },
          { label: 'Contact us', to: '/contact-us' },
        ],
      },
    ],
    socialLinks: [{ label: 'YouTube', href: 'https://www.youtube.com/@ipcamscout', icon: 'youtube' }],
    copyrightText: '© IPCam Scout. All rights reserved.',
  },
  showQuickMenu: false,
  brandPage: { overlayColor: 'rgba(154, 52, 18, 0.85)', flipCardBackColor: '#9a3412' },
  contactUsDetails: {
    title: 'Contact IPCam Scout',
    showHeader: true,
    showFlag: false,
    ogDesc: 'Questions, feature requests or help with IPCam Scout.',
    contactText:
      'Found a camera IPCam Scout does not recognise, or want a feature added? Tell us the camera make and model and what you expected to see.',
    fields: {
      name: 'required',
      companyName: 'optional',
      email: 'required',
      confirmEmail: 'required',
      subject: 'required',
      message: 'required',
      file: 'optional',
    },
  },
  productDetails: { imageMagnify: true, imageSize: 4 },
  downloadPage: {
    columns: 2,
    showHeader: true,
    otherResources: [
      { label: 'Features', to: '/features' },
      { label: 'ONVIF specifications', to: 'https://www.onvif.org/profiles/', external: true },
    ],
    openingTitle: 'Files to download',
    openingDescription:
      'Each file shows its size, version, date and SHA-256 checksum: compare the checksum with your copy before you open it.',
  },
  mail: {
    fromName: 'IPCam Scout',
    fromAddress: 'no-reply@ipcamscout.co.uk',
    staffAddress: 'support@ipcamscout.co.uk',
  },
};
