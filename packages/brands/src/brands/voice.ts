import { brandStarts } from '../start';
import type { BrandConfig } from '../types';

const { hostKeys, theme } = brandStarts.voice;

export const voice: BrandConfig = {
  id: 'voice',
  hostKeys,
  name: 'VoxAlert',
  tagline: 'Spoken CCTV warnings that play when someone walks into view.',
  title: 'VoxAlert: spoken CCTV warning messages',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      {
        label: 'Voice Messages',
        children: [{ label: 'All messages', to: '/messages' }],
        source: 'voiceCategories',
        insertAfter: 'All messages',
      },
      { label: 'Products', source: 'voiceProducts' },
      { label: 'How to', to: '/how-to' },
      { label: 'About', to: '/about' },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  logoDetails: { logo: '/brands/voice/logo.svg', width: 170, height: 56, alt: 'VoxAlert' },
  ...theme,
  pages: {
    '/': {
      title: 'Spoken CCTV warnings',
      description:
        'VoxAlert players speak a clear warning such as "You are being recorded on CCTV" when someone is detected. Browse the message library and the players.',
    },
    '/messages': {
      title: 'Voice messages',
      description:
        'Browse the VoxAlert message library: CCTV warnings, private property, no entry, site safety and more, in clear British voices.',
    },
    '/category/:id': { title: 'Voice message category' },
    '/subcategory/:id': { title: 'Voice messages' },
    '/message/:id': { title: 'Voice message' },
    '/products/:name': { title: 'VoxAlert player' },
    '/how-to': {
      title: 'How to load a message',
      description: 'Download a message, copy it to the player and set the trigger: a step-by-step guide.',
    },
    '/about': {
      title: 'About VoxAlert',
      description: 'Why a spoken warning deters better than a sign alone, and who makes VoxAlert.',
    },
    '/contact-us': {
      title: 'Contact us',
      description: 'Ask about VoxAlert players, custom recordings or trade prices.',
    },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: ['/', '/messages', '/how-to', '/about', '/contact-us'],
  robots: { allow: ['/'], disallow: ['/api/'] },
  sitemap: true,
  ogTitle: 'VoxAlert: spoken CCTV warning messages',
  ogImage: '/brands/voice/og.png',
  ogDesc:
    'VoxAlert voice players greet intruders with a spoken warning: "You are being recorded on CCTV". Browse and download messages for your player.',
  url: 'https://www.voxalert.co.uk',
  favicon: '/brands/voice/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'fixed',
  footerDetails: {
    footerLinks: [
      {
        title: 'VoxAlert',
        links: [
          { label: 'Voice messages', to: '/messages' },
          { label: 'How to', to: '/how-to' },
          { label: 'About', to: '/about' },
          { label: 'Contact us', to: '/contact-us' },
        ],
      },
    ],
    socialLinks: [
      { label: 'YouTube', href: 'https://www.youtube.com/@voxalert', icon: 'youtube' },
      { label: 'Facebook', href: 'https://www.facebook.com/voxalertuk', icon: 'facebook' },
    ],
    copyrightText: '© VoxAlert. All rights reserved.',
  },
  showQuickMenu: false,
  brandPage: { overlayColor: 'rgba(139, 21, 56, 0.85)', flipCardBackColor: '#8b1538' },
  contactUsDetails: {
    title: 'Contact VoxAlert',
    showHeader: true,
    showFlag: true,
    ogDesc: 'Questions about VoxAlert players, messages or custom recordings.',
    contactText:
      'Looking for a message we do not list, a custom recording in your own words, or help with a player? Send us a message. For a player fault, please include its serial number.',
    fields: {
      firstName: 'required',
      lastName: 'required',
      enduserTrade: 'required',
      company: 'optional',
      forAttentionOf: 'optional',
      landlinePhone: 'optional',
      email: 'required',
      confirmEmail: 'required',
      serial_no: 'optional',
      message: 'required',
    },
  },
  productDetails: { imageMagnify: false, imageSize: 6 },
  downloadPage: {
    columns: 2,
    showHeader: true,
    otherResources: [
      { label: 'How to load a message', to: '/how-to' },
      { label: 'All voice messages', to: '/messages' },
    ],
    openingTitle: 'Download a voice message',
    openingDescription:
      'Pick a message, download it and copy it to your VoxAlert player. Every message is spoken in a clear British English voice and plays as a standard WAV file.',
  },
  mail: {
    fromName: 'VoxAlert',
    fromAddress: 'no-reply@voxalert.co.uk',
    staffAddress: 'sales@voxalert.co.uk',
  },
};
