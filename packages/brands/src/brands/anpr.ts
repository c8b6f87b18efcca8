import { brandStarts } from '../start';
import type { BrandConfig } from '../types';

const { hostKeys, theme } = brandStarts.anpr;

export const anpr: BrandConfig = {
  id: 'anpr',
  hostKeys,
  name: 'PlateSight ANPR',
  tagline: 'Number plate recognition software for car parks, gates and yards.',
  title: 'PlateSight ANPR: number plate recognition software',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      { label: 'Our brands', to: '/our-brands' },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  logoDetails: { logo: '/brands/anpr/logo.svg', width: 190, height: 58, alt: 'PlateSight ANPR' },
  ...theme,
  pages: {
    '/': {
      title: 'PlateSight ANPR software',
      description:
        'PlateSight reads UK and European number plates from your existing IP cameras: open barriers for known vehicles, log every visit and alert on a watch list.',
    },
    '/our-brands': {
      title: 'Our brands',
      description: 'PlateSight is one of a family of UK CCTV and security brands.',
    },
    '/contact-us': {
      title: 'Contact us',
      description: 'Ask for a PlateSight demonstration, a quotation or a trial licence.',
    },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: ['/', '/our-brands', '/contact-us'],
  robots: { allow: ['/'], disallow: ['/api/'] },
  sitemap: true,
  ogTitle: 'PlateSight ANPR: number plate recognition for your cameras',
  ogImage: '/brands/anpr/og.png',
  ogDesc:
    'PlateSight ANPR software reads number plates from standard IP cameras, opens barriers for permitted vehicles and keeps a searchable log of every visit.',
  url: 'https://www.platesight.co.uk',
  favicon: '/brands/anpr/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'fixed',
  footerDetails: {
    footerLinks: [
      {
        title: 'PlateSight',
        links: [
          { label: 'Home', to: '/' },
          { label: 'Our brands', to: '/our-brands' },
          { label: 'Contact us', to: '/contact-us' },
        ],
      },
    ],
    socialLinks: [
      { label: 'LinkedIn', href: 'https://www.linkedin.com/company/platesight', icon: 'linkedin' },
    ],
    copyrightText: '© PlateSight ANPR. All rights reserved.',
  },
  showQuickMenu: false,
  brandPage: { overlayColor: 'rgba(35, 38, 58, 0.85)', flipCardBackColor: '#23263a' },
  contactUsDetails: {
    title: 'Talk to PlateSight',
    showHeader: true,
    showFlag: true,
    ogDesc: 'Book a PlateSight ANPR demonstration or ask for a quotation.',
    contactText:
      'Tell us about your site: how many entrances, the cameras you have and what should happen when a plate is read. We will reply with a quotation or arrange an online demonstration.',
    fields: {
      firstName: 'required',
      lastName: 'required',
      company: 'required',
      forAttentionOf: 'optional',
      landlinePhone: 'optional',
      mobilePhone: 'optional',
      email: 'required',
      confirmEmail: 'required',
      country: 'optional',
      message: 'required',
    },
  },
  productDetails: { imageMagnify: false, imageSize: 4 },
  downloadPage: {
    columns: 2,
    showHeader: true,
    otherResources: [{ label: 'Ask for a trial licence', to: '/contact-us' }],
    openingTitle: 'PlateSight downloads',
    openingDescription: 'Brochures, camera set-up guides and the 30-day trial of PlateSight ANPR.',
  },
  mail: {
    fromName: 'PlateSight ANPR',
    fromAddress: 'no-reply@platesight.co.uk',
    staffAddress: 'sales@platesight.co.uk',
  },
};
