import { brandStarts } from '../start';
import type { BrandConfig } from '../types';

const { hostKeys, theme } = brandStarts.dvr;

export const dvr: BrandConfig = {
  id: 'dvr',
  hostKeys,
  name: 'Alien DVR',
  tagline: 'Alien hybrid DVRs: analogue HD and IP cameras on one recorder.',
  title: 'Alien DVR: hybrid CCTV recorders',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      {
        label: 'DVR Models',
        children: [{ label: 'Introduction', to: '/alien-hybrid' }],
        source: 'dvrModels',
        insertAfter: 'Introduction',
      },
      { label: 'Accessories', to: '/accessories' },
      {
        label: 'Support',
        children: [
          { label: 'Manuals', to: '/manuals' },
          { label: 'Software', to: '/software' },
          { label: 'Connect to your DVR', to: '/connect' },
          { label: 'Port forwarding', to: '/port' },
        ],
      },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  logoDetails: { logo: '/brands/dvr/logo.svg', width: 170, height: 51, alt: 'Alien DVR' },
  ...theme,
  pages: {
    '/': {
      title: 'Alien hybrid DVRs',
      description:
        'Alien hybrid DVRs record analogue HD and IP cameras side by side. Models, manuals, software and UK support.',
    },
    '/alien-hybrid': {
      title: 'The Alien hybrid range',
      description:
        'Why a hybrid DVR: keep your existing coax cameras, add IP cameras when you are ready, and record them all on one Alien.',
    },
    '/dvrs/:dvrName': { title: 'Alien DVR model' },
    '/accessories': {
      title: 'DVR accessories',
      description: 'Hard drives, power supplies, mice, HDMI leads and rack brackets for Alien DVRs.',
    },
    '/manuals': {
      title: 'Manuals',
      description:
        'Quick-start guides and the remote viewing and network guide for Alien DVRs, as PDF downloads.',
    },
    '/software': {
      title: 'Software',
      description:
        'Viewing software for Windows and macOS and the phone app for watching your Alien DVR remotely.',
    },
    '/connect': {
      title: 'Connect to your DVR',
      description: 'Step by step: put your Alien DVR on your network and view it from a PC or phone.',
    },
    '/port': {
      title: 'Port forwarding',
      description: 'Which ports an Alien DVR uses and how to forward them on common UK broadband routers.',
    },
    '/contact-us': {
      title: 'Contact us',
      description: 'Sales and technical support for Alien DVRs from our UK team.',
    },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: [
    '/',
    '/alien-hybrid',
    '/accessories',
    '/manuals',
    '/software',
    '/connect',
    '/port',
    '/contact-us',
  ],
  robots: { allow: ['/'], disallow: ['/api/'] },
  sitemap: true,
  ogTitle: 'Alien DVR: hybrid CCTV recorders for analogue HD and IP cameras',
  ogImage: '/brands/dvr/og.png',
  ogDesc:
    'Alien hybrid DVRs record analogue HD and IP cameras on one box. Browse the models and download manuals and viewing software, with UK technical support.',
  url: 'https://www.aliendvr.co.uk',
  favicon: '/brands/dvr/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'fixed',
  footerDetails: {
    footerLinks: [
      {
        title: 'Alien DVR',
        links: [
          { label: 'Manuals', to: '/manuals' },
          { label: 'Software', to: '/software' },
          { label: 'Contact us', to: '/contact-us' },
          {
            label: 'CCTV Sign Register',
            to: 'https://www.cctvsignregister.co.uk',
            external: true,
            site: 'signs',
          },
        ],
      },
    ],
    socialLinks: [{ label: 'YouTube', href: 'https://www.youtube.com/@aliendvr', icon: 'youtube' }],
    copyrightText: '© Alien DVR. All rights reserved.',
  },
  showQuickMenu: false,
  brandPage: { overlayColor: 'rgba(20, 83, 45, 0.85)', flipCardBackColor: '#14532d' },
  contactUsDetails: {
    title: 'Contact Alien DVR',
    showHeader: true,
    showFlag: true,
    ogDesc: 'Questions about an Alien DVR, an order or a repair: our UK team will help.',
    contactText:
      'Need help setting up an Alien DVR, or a price for a trade order? Tell us what you need. For a fault, please give the serial number from the label under the recorder, and attach a photo or PDF if it helps.',
    fields: {
      firstName: 'required',
      lastName: 'required',
      enduserTrade: 'required',
      company: 'optional',
      forAttentionOf: 'required',
      landlinePhone: 'optional',
      mobilePhone: 'optional',
      email: 'required',
      confirmEmail: 'required',
      serial_no: 'optional',
      message: 'required',
      file: 'optional',
    },
  },
  productDetails: { imageMagnify: true, imageSize: 4 },
  downloadPage: {
    columns: 3,
    showHeader: true,
    otherResources: [
      { label: 'Connect to your DVR', to: '/connect' },
      { label: 'Port forwarding', to: '/port' },
    ],
    openingTitle: 'Alien DVR software and manuals',
    openingDescription:
      'Everything you need to set up and view your Alien DVR: the latest viewing software, phone apps and user manuals.',
  },
  mail: {
    fromName: 'Alien DVR',
    fromAddress: 'no-reply@aliendvr.co.uk',
    staffAddress: 'support@aliendvr.co.uk',
  },
};
