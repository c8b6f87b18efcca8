import { brandStarts } from '../start';
import type { BrandConfig, NavGroup, NavLink } from '../types';

const { hostKeys, theme } = brandStarts.signs;

// The menus of a signed-in operator; a master user's adds the company's pages.
const home: NavGroup = { label: 'Home', to: '/' };
const schemeLinks: NavLink[] = [
  { label: 'Your sites', to: '/your-sites' },
  { label: 'Add a site', to: '/site' },
  { label: 'Manage signs', to: '/manage-signs' },
  { label: 'Requests from the public', to: '/requests' },
];
const myScheme = (children: NavLink[]): NavGroup => ({ label: 'My scheme', children });
const findOperator: NavGroup = {
  label: 'Find a scheme operator',
  children: [
    { label: 'Look up a sign reference', to: '/search-scheme' },
    { label: 'Search operators', to: '/search' },
  ],
};
const myDetails: NavGroup = { label: 'My details', to: '/update-details' };
const signedInHelp: NavGroup = {
  label: 'Help',
  children: [
    { label: 'FAQs', to: '/faqs' },
    { label: 'Help', to: '/help' },
    { label: 'Contact us', to: '/contact-us' },
  ],
};

export const signs: BrandConfig = {
  id: 'signs',
  hostKeys,
  name: 'CCTV Sign Register',
  tagline: 'Find out who runs the cameras, and how to reach them.',
  title: 'Who is watching me?',
  homepage: '/',
  navRoute: {
    signedOut: [
      { label: 'Home', to: '/' },
      {
        label: 'Find a scheme operator',
        children: [
          { label: 'Look up a sign reference', to: '/search-scheme' },
          { label: 'Search operators', to: '/search' },
        ],
      },
      {
        label: 'For operators',
        children: [
          { label: 'How to comply', to: '/comply' },
          { label: 'Signs', to: '/signs' },
          { label: 'Signage solution', to: '/signage-solution' },
          { label: 'Downloads', to: '/download' },
          { label: 'Partnership programme', to: '/partnership-programme' },
        ],
      },
      {
        label: 'Help',
        children: [
          { label: 'FAQs', to: '/faqs' },
          { label: 'Help', to: '/help' },
          { label: 'Useful links', to: '/links' },
          { label: 'Contact us', to: '/contact-us' },
        ],
      },
      { label: 'About us', to: '/about-us' },
      { label: 'Our brands', to: '/our-brands' },
    ],
    signedIn: [home, myScheme(schemeLinks), findOperator, myDetails, signedInHelp],
    master: [
      home,
      myScheme([...schemeLinks, { label: 'Public contact details', to: '/manage-contact' }]),
      {
        label: 'Company',
        children: [
          { label: 'Company details', to: '/company' },
          { label: 'Company users', to: '/company-users' },
          { label: 'Disclosure log', to: '/company/disclosure-log' },
        ],
      },
      findOperator,
      myDetails,
      signedInHelp,
    ],
  },
  logoDetails: { logo: '/brands/signs/logo.svg', width: 180, height: 46, alt: 'CCTV Sign Register' },
  ...theme,
  pages: {
    '/': {
      title: 'Who is watching me?',
      description:
        'Look up the sign reference on a CCTV warning sign to find who runs the cameras and how to contact them.',
    },
    '/comply': { title: 'How to comply' },
    '/signs': { title: 'CCTV signs' },
    '/download': { title: 'Downloads' },
    '/links': { title: 'Useful links' },
    '/faqs': { title: 'Frequently asked questions' },
    '/help': { title: 'Help' },
    '/terms': { title: 'Terms & Conditions' },
    '/cookie': { title: 'Cookie policy' },
    '/disclaimer': { title: 'Disclaimer' },
    '/site': { title: 'Site details' },
    '/search': { title: 'Search scheme operators' },
    '/manage-contact': { title: 'Public contact details' },
    '/update-details': { title: 'My details' },
    '/signage-solution': { title: 'Signage solution' },
    '/search-scheme': { title: 'Find a scheme operator' },
    '/partnership-programme': { title: 'Partnership programme' },
    '/forum-cookie': { title: 'Forum cookie policy' },
    '/about-us': { title: 'About us' },
    '/contact-us': { title: 'Contact us' },
    '/site-map': { title: 'Site map' },
    '/your-sites': { title: 'Your sites' },
    '/manage-signs': { title: 'Manage signs' },
    '/our-brands': { title: 'Our brands' },
    // Pages of the master user menu (SPEC.md section 6 does not list them as routes).
    '/company': { title: 'Company details' },
    '/company-users': { title: 'Company users' },
    '/company/disclosure-log': { title: 'Disclosure log' },
    // Where the invitation mail of a company user lands.
    '/accept-invite': { title: 'Accept your invitation' },
    // The public page of each sign (its QR code points here), its printable sign, and the
    // workspace list of messages sent through the relay.
    '/sign/:signRef': { title: 'Who runs this CCTV scheme' },
    // The same page with its contact form open, and once the server has sent what that form posted.
    '/sign/:signRef/contact': { title: 'Contact the operator' },
    '/sign/:signRef/contact/sent': { title: 'Request sent' },
    '/sign/:signRef/print': { title: 'Print this sign' },
    // The form of the police, insurers and solicitors (docs/decisions/0052).
    '/sign/:signRef/official': { title: 'Police, insurer or solicitor' },
    '/requests': { title: 'Requests' },
    // One request on the operator's desk, and the visitor's own page (the private link in their mail).
    '/requests/:id': { title: 'Request' },
    '/request/:reference': { title: 'Your request' },
    '/404': { title: 'Page not found' },
  },
  siteMapPages: [
    '/',
    '/search-scheme',
    '/search',
    '/comply',
    '/signs',
    '/signage-solution',
    '/download',
    '/partnership-programme',
    '/faqs',
    '/help',
    '/links',
    '/about-us',
    '/our-brands',
    '/contact-us',
    '/terms',
    '/cookie',
    '/forum-cookie',
    '/disclaimer',
    '/site-map',
  ],
  robots: {
    allow: ['/'],
    disallow: [
      '/api/',
      '/your-sites',
      // Robots rules match by prefix: '$' keeps '/site-map' crawlable.
      '/site$',
      '/manage-signs',
      '/manage-contact',
      '/update-details',
      '/company',
      '/company-users',
      '/accept-invite',
      // The desk and each visitor's private page ('/request' covers '/requests' too).
      '/request',
    ],
  },
  sitemap: true,
  ogTitle: 'CCTV Sign Register: who is watching me?',
  ogImage: '/brands/signs/og.png',
  ogDesc:
    'Every CCTV warning sign with our sticker can be looked up here: find who runs the cameras, why, and how to contact them.',
  url: 'https://www.cctvsignregister.co.uk',
  favicon: '/brands/signs/favicon.svg',
  localApiUrl: '',
  backendApiUrl: '',
  showFooter: 'signs',
  footerDetails: {
    footerLinks: [
      {
        title: 'Quick Links',
        links: [
          { label: 'Home', to: '/' },
          { label: 'Find a scheme operator', to: '/search-scheme' },
          { label: 'Downloads', to: '/download' },
          { label: 'Signs', to: '/signs' },
          { label: 'Partnership', to: '/partnership-programme' },
        ],
      },
      {
        title: 'Legal',
        links: [
          { label: 'Terms & Conditions', to: '/terms' },
          { label: 'About', to: '/about-us' },
          { label: 'Cookie', to: '/cookie' },
          { label: 'Forum Cookie', to: '/forum-cookie' },
          { label: 'Disclaimer', to: '/disclaimer' },
        ],
      },
      {
        title: 'Support',
        links: [
          { label: 'Contact Us', to: '/contact-us' },
          { label: 'FAQS', to: '/faqs' },
          { label: 'Help', to: '/help' },
          { label: 'Site Map', to: '/site-map' },
        ],
      },
    ],
    socialLinks: [
      { label: 'Facebook', href: 'https://www.facebook.com/cctvsignregister', icon: 'facebook' },
      { label: 'X', href: 'https://x.com/cctvsignregister', icon: 'x' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/company/cctvsignregister', icon: 'linkedin' },
      { label: 'YouTube', href: 'https://www.youtube.com/@cctvsignregister', icon: 'youtube' },
    ],
    copyrightText: '© CCTV Sign Register. All rights reserved.',
  },
  showQuickMenu: true,
  brandPage: { overlayColor: 'rgba(11, 61, 145, 0.85)', flipCardBackColor: '#0b3d91' },
  contactUsDetails: {
    title: 'Contact us',
    showHeader: true,
    showFlag: true,
    ogDesc: 'Questions about the register, your signs or your account: write to us.',
    contactText:
      'Questions about the register, your stickers or your account? Send us a message and we will reply within one working day.',
    fields: {
      firstName: 'required',
      lastName: 'required',
      email: 'required',
      confirmEmail: 'required',
      mobilePhone: 'optional',
      companyName: 'optional',
      subject: 'required',
      message: 'required',
      file: 'optional',
    },
  },
  productDetails: { imageMagnify: false, imageSize: 4 },
  downloadPage: {
    columns: 3,
    showHeader: true,
    otherResources: [
      {
        label: 'ICO guidance on video surveillance',
        to: 'https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/cctv-and-video-surveillance/',
        external: true,
      },
    ],
    openingTitle: 'Sign artwork and guidance',
    openingDescription: 'Print-ready CCTV warning sign artwork and short guides for scheme operators.',
  },
  mail: {
    fromName: 'CCTV Sign Register',
    fromAddress: 'no-reply@cctvsignregister.co.uk',
    staffAddress: 'support@cctvsignregister.co.uk',
  },
};
