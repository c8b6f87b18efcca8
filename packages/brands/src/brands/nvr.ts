import { brandStarts } from '../start';
import type { BrandConfig } from '../types';

const { hostKeys, theme } = brandStarts.nvr;

export const nvr: BrandConfig = {
  id: 'nvr',
  hostKeys,
  name: 'ZipVision NVR',
  tagline: 'Plug-and-play network video recorders with the ZipVision app.',
  title: 'ZipVision NVR: network video recorders',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      { label: 'Products', source: 'nvrProducts' },
      { label: 'ZipVision app', to: '/zipvision' },
      {
        label: 'Software',
        children: [
          { label: 'Phone apps', to: '/phone-apps' },
          { label: 'Free PC software', to: '/free-software' },
          { label: 'Firmware', to: '/firmware' },
        ],
      },
      { label: 'Accessories', to: '/accessorie' },
      {
        label: 'Resources',
        children: [
          { label: 'Manuals', to: '/resources/manuals' },
          { label: 'Datasheets', to: '/resources/datasheets' },
          { label: 'Guides', to: '/resources/guides' },
        ],
      },
      {
        label: 'Remote viewing',
        children: [
          { label: 'Connect to your NVR', to: '/connect' },
          { label: 'Port forwarding', to: '/port' },
        ],
      },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  logoDetails: { logo: '/brands/nvr/logo.svg', width: 190, height: 60, alt: 'ZipVision NVR' },
  ...theme,
  pages: {
    '/': {
      title: 'ZipVision network video recorders',
      description:
        'ZipVision NVRs power and record IP cameras over one network cable each, and put every camera on your phone with the ZipVision app.',
    },
    '/products/:name': { title: 'ZipVision NVR' },
    '/zipvision': {
      title: 'The ZipVision app',
      description: 'Live view, playback and motion alerts from your ZipVision NVR on iPhone and Android.',
    },
    '/phone-apps': {
      title: 'Phone apps',
      description: 'Download the ZipVision app for iPhone, iPad and Android phones.',
    },
    '/free-software': {
      title: 'Free PC software',
      description: 'ZipVision Client for Windows and macOS: watch and search many recorders from one screen.',
    },
    '/accessorie': {
      title: 'Accessories',
      description: 'Surveillance hard drives, PoE switches, network cable and monitors for ZipVision NVRs.',
    },
    '/firmware': {
      title: 'Firmware',
      description:
        'The latest firmware for every ZipVision NVR, with release notes and upgrade instructions.',
    },
    '/resources/:contentType': { title: 'Resources' },
    '/connect': {
      title: 'Connect to your NVR',
      description: 'Add your ZipVision NVR to the app by scanning its QR code, or connect from a PC.',
    },
    '/port': {
      title: 'Port forwarding',
      description: 'When you need port forwarding for a ZipVision NVR, which ports to open and how.',
    },
    '/contact-us': {
      title: 'Contact us',
      description: 'Sales and technical support for ZipVision NVRs from our UK team.',
    },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: [
    '/',
    '/zipvision',
    '/phone-apps',
    '/free-software',
    '/firmware',
    '/accessorie',
    '/connect',
    '/port',
    '/contact-us',
  ],
  robots: { allow: ['/'], disallow: ['/api/'] },
  sitemap: true,
  ogTitle: 'ZipVision NVR: network video recorders and the ZipVision app',
  ogImage: '/brands/nvr/og.png',
  ogDesc:
    'ZipVision NVRs record IP cameras in full detail and send them to your phone. Find your model, download firmware, apps and manuals, and get UK support.',
  url: 'https://www.zipvision.co.uk',
  favicon: '/brands/nvr/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'fixed',
  footerDetails: {
    footerLinks: [
      {
        title: 'ZipVision',
        links: [
          { label: 'ZipVision app', to: '/zipvision' },
          { label: 'Firmware', to: '/firmware' },
          { label: 'Manuals', to: '/resources/manuals' },
          { label: 'Contact us', to: '/contact-us' },
        ],
      },
    ],
    socialLinks: [
      { label: 'YouTube', href: 'https://www.youtube.com/@zipvisionnvr', icon: 'youtube' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/company/zipvision', icon: 'linkedin' },
    ],
    copyrightText: '© ZipVision NVR. All rights reserved.',
  },
  showQuickMenu: false,
  brandPage: { overlayColor: 'rgba(0, 78, 100, 0.85)', flipCardBackColor: '#004e64' },
  contactUsDetails: {
    title: 'Contact ZipVision',
    showHeader: true,
    showFlag: true,
    ogDesc: 'Questions about a ZipVision NVR, the app or an order: our UK team will help.',
    contactText:
      'Tell us how we can help. For technical support, please give the serial number printed on the label under your NVR; a screenshot or PDF of any error helps us answer first time.',
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
      postCode: 'optional',
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
      { label: 'Manuals', to: '/resources/manuals' },
      { label: 'Datasheets', to: '/resources/datasheets' },
      { label: 'Firmware', to: '/firmware' },
    ],
    openingTitle: 'ZipVision downloads',
    openingDescription:
      'Apps, PC software and firmware for ZipVision NVRs. Always update the firmware before you report a fault.',
  },
  mail: {
    fromName: 'ZipVision NVR',
    fromAddress: 'no-reply@zipvision.co.uk',
    staffAddress: 'support@zipvision.co.uk',
  },
};
