import type { ContactFieldName } from '@app/contract/contact';

export const brandIds = ['signs', 'dvr', 'voice', 'nvr', 'anpr', 'multiplexer', 'ipcam'] as const;
export type BrandId = (typeof brandIds)[number];

/** A page the brand allows. Keys of `BrandConfig.pages` are route patterns, e.g. `/dvrs/:dvrName`. */
export interface PageMeta {
  /** The page's heading and the first part of its document title. */
  title: string;
  /** Meta description for the page; the brand's `ogDesc` when absent. */
  description?: string;
}

export interface NavLink {
  label: string;
  to: string;
  /** Opens another site (or a new tab) instead of a route of this brand. */
  external?: boolean;
  /**
   * The sister brand whose site an external link opens (`to` is that site's public URL): on a
   * development or `PUBLIC_URL_PATTERN` host the link goes to the sister's site there instead,
   * like the "Our brands" cards.
   */
  site?: BrandId;
}

/**
 * Where the sidebar inserts links built from the brand's catalogue (SPEC.md section 2):
 * DVR models after the "Introduction" entry, voice categories with subcategories,
 * one link per product title.
 */
export type NavSource = 'dvrModels' | 'voiceCategories' | 'voiceProducts' | 'nvrProducts';

export interface NavGroup {
  label: string;
  /** A group with `to` and no children is a plain link. */
  to?: string;
  children?: NavLink[];
  /** Links filled in at run time from the content API. */
  source?: NavSource;
  /** With `source: 'dvrModels'`: insert the built links after the child with this label. */
  insertAfter?: string;
}

/** SPEC.md section 6: dashboard menu signed out, user menu signed in, master user menu. */
export interface NavMenus {
  signedOut: NavGroup[];
  signedIn?: NavGroup[];
  master?: NavGroup[];
}

export interface FooterColumn {
  title: string;
  links: NavLink[];
}

export interface SocialLink {
  label: string;
  href: string;
  /** Icon name drawn by the web app: facebook, x, linkedin, youtube, instagram. */
  icon: 'facebook' | 'x' | 'linkedin' | 'youtube' | 'instagram';
}

export type ContactFieldRule = 'required' | 'optional';

export interface BrandConfig {
  id: BrandId;
  /** Host keys: the first label of a host name (`dvr` in `dvr.localhost`, `www.example.co.uk` -> `example`). */
  hostKeys: readonly string[];
  name: string;
  /** One line describing the brand, used on the "our brands" cards. */
  tagline: string;
  /** The `<title>` of the home page; the default is a question about who is watching the visitor. */
  title: string;
  homepage: string;
  /** The sidebar menus. */
  navRoute: NavMenus;
  /** The logo and the size it is drawn at; `height` keeps the SVG's proportions, so its box is known before it loads. */
  logoDetails: { logo: string; width: number; height: number; alt: string };
  primaryColor: string;
  navFontColor: string;
  activeColor: string;
  /** Page background; light grey when the brand does not set one. */
  bodyColor: string;
  /** Allowed paths of this brand: a path not matching one of these redirects to /404. */
  pages: Record<string, PageMeta>;
  /** Paths listed on the /site-map page and in sitemap.xml. */
  siteMapPages: string[];
  robots: { allow: string[]; disallow: string[] };
  /** Whether /sitemap.xml is offered (and referenced from robots.txt). */
  sitemap: boolean;
  ogTitle: string;
  /** Path of a 1200x800 image. */
  ogImage: string;
  ogDesc: string;
  /** The brand's public origin in production, e.g. https://www.example.co.uk (no trailing slash). */
  url: string;
  favicon: string;
  /** API base when the site is served from localhost. */
  localApiUrl: string;
  /** API base otherwise. */
  backendApiUrl: string;
  /** 'signs': the four-column signs footer; 'fixed': a slim footer fixed to the bottom. */
  showFooter: 'signs' | 'fixed';
  footerMargin: number;
  footerDetails: { footerLinks: FooterColumn[]; socialLinks: SocialLink[]; copyrightText: string };
  showQuickMenu: boolean;
  brandPage: { overlayColor: string; flipCardBackColor: string };
  contactUsDetails: {
    title: string;
    showHeader: boolean;
    showFlag: boolean;
    ogDesc: string;
    contactText: string;
    /** Which contact form fields the brand shows, and whether each is required. */
    fields: Partial<Record<ContactFieldName, ContactFieldRule>>;
  };
  productDetails: { imageMagnify: boolean; imageSize: number };
  downloadPage: {
    columns: number;
    showHeader: boolean;
    otherResources: NavLink[];
    openingTitle: string;
    openingDescription: string;
  };
  /** Mail: the sender name and address of this brand's messages, and where contact forms go. */
  mail: { fromName: string; fromAddress: string; staffAddress: string };
}
