import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contactFieldNames } from '@app/contract/contact';
import { describe, expect, it } from 'vitest';
import { brandById, brands, DEFAULT_TITLE, matchPage } from './index';
import { type BrandConfig, type BrandId, brandIds, type NavGroup, type NavLink } from './types';

const publicDir = fileURLToPath(new URL('../../../apps/web/public', import.meta.url));

/** The routes of each brand as SPEC.md section 2 lists them ({param} written as :param). */
const specRoutes: Record<BrandId, string[]> = {
  signs: [
    '/',
    '/comply',
    '/signs',
    '/download',
    '/links',
    '/faqs',
    '/help',
    '/terms',
    '/cookie',
    '/disclaimer',
    '/site',
    '/search',
    '/manage-contact',
    '/update-details',
    '/signage-solution',
    '/search-scheme',
    '/partnership-programme',
    '/forum-cookie',
    '/about-us',
    '/contact-us',
    '/site-map',
    '/your-sites',
    '/manage-signs',
    '/our-brands',
    '/404',
  ],
  dvr: [
    '/',
    '/accessories',
    '/manuals',
    '/software',
    '/alien-hybrid',
    '/dvrs/:dvrName',
    '/contact-us',
    '/connect',
    '/port',
  ],
  voice: [
    '/',
    '/contact-us',
    '/messages',
    '/how-to',
    '/about',
    '/category/:id',
    '/subcategory/:id',
    '/message/:id',
    '/products/:name',
  ],
  nvr: [
    '/',
    '/contact-us',
    '/zipvision',
    '/phone-apps',
    '/free-software',
    '/accessorie',
    '/firmware',
    '/resources/:contentType',
    '/products/:name',
    '/connect',
    '/port',
  ],
  anpr: ['/', '/contact-us', '/our-brands'],
  multiplexer: ['/', '/contact-us', '/our-brands'],
  ipcam: ['/', '/features', '/product', '/contact-us', '/download', '/our-brands'],
};

/** Pages a brand has beyond its spec list: the signs master user menu's company pages. */
const extraRoutes: Partial<Record<BrandId, string[]>> = {
  signs: [
    '/company',
    '/company-users',
    // The company's disclosure log (decision 0053), in the master user's Company menu.
    '/company/disclosure-log',
    '/sign/:signRef',
    '/sign/:signRef/contact',
    '/sign/:signRef/contact/sent',
    '/sign/:signRef/print',
    // The form of the police, insurers and solicitors (decision 0052).
    '/sign/:signRef/official',
    '/requests',
    '/requests/:id',
    '/request/:reference',
    '/accept-invite',
  ],
};

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

function allNavGroups(brand: BrandConfig): NavGroup[] {
  const { signedOut, signedIn = [], master = [] } = brand.navRoute;
  return [...signedOut, ...signedIn, ...master];
}

function allLinks(brand: BrandConfig): NavLink[] {
  const navLinks = allNavGroups(brand).flatMap((group) => [
    ...(group.to ? [{ label: group.label, to: group.to }] : []),
    ...(group.children ?? []),
  ]);
  const footerLinks = brand.footerDetails.footerLinks.flatMap((column) => column.links);
  return [...navLinks, ...footerLinks, ...brand.downloadPage.otherResources];
}

/** The width and height in a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const hex = /^#[0-9a-f]{6}$/i;

describe('brand configurations', () => {
  it('has one configuration per brand id, each id once', () => {
    expect(brands.map((b) => b.id).sort()).toEqual([...brandIds].sort());
    expect(new Set(brands.map((b) => b.name)).size).toBe(brands.length);
  });

  it('never gives two brands the same host key', () => {
    const keys = brands.flatMap((b) => b.hostKeys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9-]+$/);
  });

  it('gives only signs the default question as title', () => {
    for (const brand of brands) {
      if (brand.id === 'signs') expect(brand.title).toBe(DEFAULT_TITLE);
      else expect(brand.title).not.toBe(DEFAULT_TITLE);
    }
  });

  it('uses distinct primary colours', () => {
    expect(new Set(brands.map((b) => b.primaryColor.toLowerCase())).size).toBe(brands.length);
  });

  for (const brand of brands) {
    describe(brand.name, () => {
      it('lists the brand id as its first host key and its production domain as another', () => {
        expect(brand.hostKeys[0]).toBe(brand.id);
        const domainLabel = new URL(brand.url).hostname.replace(/^www\./, '').split('.')[0];
        expect(brand.hostKeys).toContain(domainLabel);
      });

      it('allows every route SPEC.md gives the brand, /404, and nothing unexplained', () => {
        const expected = [...new Set([...specRoutes[brand.id], '/404', ...(extraRoutes[brand.id] ?? [])])];
        expect(Object.keys(brand.pages).sort()).toEqual(expected.sort());
      });

      it('gives every page a title', () => {
        for (const meta of Object.values(brand.pages)) expect(meta.title.trim()).not.toBe('');
      });

      it('lists only static, allowed, public pages in the site map', () => {
        expect(brand.siteMapPages).toContain('/');
        expect(new Set(brand.siteMapPages).size).toBe(brand.siteMapPages.length);
        for (const path of brand.siteMapPages) {
          expect(Object.keys(brand.pages)).toContain(path);
          expect(path).not.toContain(':');
          expect(path).not.toBe('/404');
          const blocked = brand.robots.disallow.some((rule) =>
            rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule),
          );
          expect(blocked, `${path} is disallowed by robots`).toBe(false);
        }
      });

      it('lets robots in and keeps them out of the API', () => {
        expect(brand.robots.allow).toEqual(['/']);
        expect(brand.robots.disallow).toContain('/api/');
        expect(brand.sitemap).toBe(true);
      });

      it('links only to pages the brand allows, or to other sites marked external', () => {
        for (const link of allLinks(brand)) {
          if (link.site) {
            // A sister site: its public address, which development hosts swap for their own.
            expect(link.site).not.toBe(brand.id);
            expect(link.external).toBe(true);
            expect(link.to).toBe(brandById(link.site).url);
          } else if (link.external) {
            expect(link.to).toMatch(/^https:\/\//);
          } else {
            expect(link.to.startsWith('/'), link.to).toBe(true);
            expect(matchPage(brand, link.to), `${link.label} -> ${link.to}`).toBeDefined();
          }
        }
        for (const social of brand.footerDetails.socialLinks) expect(social.href).toMatch(/^https:\/\//);
      });

      it('builds catalogue menus where the spec says', () => {
        const sources = allNavGroups(brand).flatMap((g) => (g.source ? [[g.label, g.source]] : []));
        const expected: Partial<Record<BrandId, string[][]>> = {
          dvr: [['DVR Models', 'dvrModels']],
          voice: [
            ['Voice Messages', 'voiceCategories'],
            ['Products', 'voiceProducts'],
          ],
          nvr: [['Products', 'nvrProducts']],
        };
        expect(sources).toEqual(expected[brand.id] ?? []);
        for (const group of allNavGroups(brand)) {
          if (group.insertAfter) expect(group.children?.map((c) => c.label)).toContain(group.insertAfter);
        }
      });

      it('uses hex colours with readable text', () => {
        for (const colour of [
          brand.primaryColor,
          brand.navFontColor,
          brand.activeColor,
          brand.bodyColor,
          brand.brandPage.flipCardBackColor,
        ]) {
          expect(colour).toMatch(hex);
        }
        expect(brand.brandPage.overlayColor).toMatch(/^rgba\(\d{1,3}, \d{1,3}, \d{1,3}, (0|1|0?\.\d+)\)$/);
        expect(contrast(brand.navFontColor, brand.primaryColor)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(brand.primaryColor, brand.bodyColor)).toBeGreaterThanOrEqual(4.5);
        // The active link is drawn in activeColor on the sidebar's primaryColor.
        expect(contrast(brand.activeColor, brand.primaryColor)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(brand.navFontColor, brand.brandPage.flipCardBackColor)).toBeGreaterThanOrEqual(4.5);
        expect(relativeLuminance(brand.bodyColor)).toBeGreaterThan(0.8);
      });

      it('has its logo, favicon and a 1200x800 social preview image', () => {
        for (const asset of [brand.logoDetails.logo, brand.favicon, brand.ogImage]) {
          expect(asset.startsWith(`/brands/${brand.id}/`), asset).toBe(true);
          expect(existsSync(`${publicDir}${asset}`), asset).toBe(true);
        }
        const svg = readFileSync(`${publicDir}${brand.logoDetails.logo}`, 'utf8');
        expect(svg).toMatch(/^<svg[^>]+viewBox=/);
        // The page reserves the logo's box before it loads: its height is the SVG's proportion of its width.
        const [, , viewWidth, viewHeight] = (/viewBox="([\d.\s]+)"/.exec(svg)?.[1] ?? '')
          .split(/\s+/)
          .map(Number);
        expect(brand.logoDetails.height).toBe(
          Math.round((brand.logoDetails.width * Number(viewHeight)) / Number(viewWidth)),
        );
        expect(readFileSync(`${publicDir}${brand.favicon}`, 'utf8')).toMatch(/^<svg[^>]+viewBox=/);
        expect(brand.ogImage.endsWith('.png')).toBe(true);
        expect(pngSize(`${publicDir}${brand.ogImage}`)).toEqual({ width: 1200, height: 800 });
        expect(brand.logoDetails.alt).toBe(brand.name);
      });

      it('has a production origin and mail addresses on its own domain', () => {
        const url = new URL(brand.url);
        expect(url.protocol).toBe('https:');
        expect(brand.url).toBe(url.origin);
        const domain = url.hostname.replace(/^www\./, '');
        expect(brand.mail.fromAddress).toBe(`no-reply@${domain}`);
        expect(brand.mail.staffAddress).toMatch(
          new RegExp(`^(sales|support)@${domain.replace(/\./g, '\\.')}$`),
        );
        expect(brand.mail.fromName).toBe(brand.name);
      });

      it('has a contact form that always asks for an e-mail address', () => {
        const { fields } = brand.contactUsDetails;
        for (const name of Object.keys(fields)) expect(contactFieldNames).toContain(name);
        expect(fields.email).toBe('required');
        if (fields.confirmEmail) expect(fields.confirmEmail).toBe('required');
        expect(fields.message).toBe('required');
        const hasName =
          fields.name === 'required' || (fields.firstName === 'required' && fields.lastName === 'required');
        expect(hasName).toBe(true);
        expect(brand.contactUsDetails.contactText.length).toBeGreaterThan(40);
      });

      it('fixes a footer with its own copyright line, except the signs footer', () => {
        expect(brand.footerDetails.copyrightText).toContain(brand.name);
        if (brand.id === 'signs') {
          expect(brand.showFooter).toBe('signs');
        } else {
          expect(brand.showFooter).toBe('fixed');
          expect(brand.footerMargin).toBeGreaterThan(0);
          expect(brand.footerDetails.footerLinks.flatMap((c) => c.links).length).toBeGreaterThanOrEqual(3);
        }
      });
    });
  }

  it('shows the signs footer columns the spec lists', () => {
    const signs = brands.find((b) => b.id === 'signs');
    const columns = signs?.footerDetails.footerLinks.map((c) => [c.title, c.links.map((l) => l.label)]);
    expect(columns).toEqual([
      ['Quick Links', ['Home', 'Find a scheme operator', 'Downloads', 'Signs', 'Partnership']],
      ['Legal', ['Terms & Conditions', 'About', 'Cookie', 'Forum Cookie', 'Disclaimer']],
      ['Support', ['Contact Us', 'FAQS', 'Help', 'Site Map']],
    ]);
    expect(signs?.footerDetails.socialLinks).toHaveLength(4);
  });

  it('sizes product images as the spec says', () => {
    expect(brands.find((b) => b.id === 'voice')?.productDetails.imageSize).toBe(6);
    expect(brands.find((b) => b.id === 'nvr')?.productDetails.imageSize).toBe(4);
  });

  it('starts the DVR Models group with Introduction and inserts the models after it', () => {
    const group = brands
      .find((b) => b.id === 'dvr')
      ?.navRoute.signedOut.find((g) => g.label === 'DVR Models');
    expect(group?.children?.[0]?.label).toBe('Introduction');
    expect(group?.insertAfter).toBe('Introduction');
  });
});
