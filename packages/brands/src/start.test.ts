import { describe, expect, it } from 'vitest';
import { brandById, brands, defaultBrand, resolveBrand } from './index';
import { loadBrand } from './load-brand';
import { brandStarts, defaultBrandId, resolveBrandId, START_OVERLAY_MS } from './start';
import { brandIds } from './types';

/** Host names a visitor of the brand may arrive on, in development and in production. */
function hostsOf(brand: (typeof brands)[number]): string[] {
  const production = new URL(brand.url).hostname;
  const domain = production.replace(/^www\./, '');
  return [
    ...brand.hostKeys.flatMap((key) => [
      `${key}.localhost`,
      `${key}.localhost:3000`,
      `www.${key}.localhost`,
      `${key.toUpperCase()}.LOCALHOST:8080`,
    ]),
    production,
    domain,
    `www.${domain}`,
    `${domain}:443`,
    `WWW.${domain.toUpperCase()}:8080`,
    `${domain}.`,
  ];
}

const otherHosts = [
  'localhost',
  'localhost:3000',
  '127.0.0.1',
  '127.0.0.1:3210',
  '[::1]:3000',
  '',
  '   ',
  'example.com',
  'www.example.co.uk',
  'dvrs.localhost',
  'nvr-test.localhost',
  'shop.aliendvr.co.uk',
];

describe('the start of each brand', () => {
  it('covers every brand', () => {
    expect(Object.keys(brandStarts).sort()).toEqual([...brandIds].sort());
  });

  for (const brand of brands) {
    it(`is what the ${brand.name} configuration says`, () => {
      const start = brandStarts[brand.id];
      expect(brand.hostKeys).toEqual(start.hostKeys);
      expect({
        primaryColor: brand.primaryColor,
        navFontColor: brand.navFontColor,
        activeColor: brand.activeColor,
        bodyColor: brand.bodyColor,
        footerMargin: brand.footerMargin,
      }).toEqual(start.theme);
    });
  }

  it('gives no host key to two brands', () => {
    const keys = brandIds.flatMap((id) => brandStarts[id].hostKeys.map((key) => key.toLowerCase()));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('resolveBrandId', () => {
  for (const brand of brands) {
    it.each(hostsOf(brand))(`answers ${brand.id} for %j, as resolveBrand does`, (host) => {
      expect(resolveBrandId(host)).toBe(brand.id);
      expect(resolveBrand(host).id).toBe(brand.id);
    });
  }

  it.each(otherHosts)('gives the default brand for %j, as resolveBrand does', (host) => {
    expect(resolveBrandId(host)).toBe(defaultBrandId);
    expect(resolveBrand(host)).toBe(defaultBrand);
  });

  it('gives the default brand when there is no host at all', () => {
    expect(resolveBrandId(undefined)).toBe(defaultBrandId);
    expect(resolveBrandId(null)).toBe(defaultBrandId);
    expect(defaultBrand.id).toBe(defaultBrandId);
  });
});

describe('loadBrand', () => {
  it.each(brandIds)('loads the configuration of %s', async (id) => {
    expect(await loadBrand(id)).toBe(brandById(id));
  });

  it.each([...brands.flatMap(hostsOf), ...otherHosts])(
    'loads for %j the brand resolveBrand gives',
    async (host) => {
      expect(await loadBrand(resolveBrandId(host))).toBe(resolveBrand(host));
    },
  );
});

describe('the start-up overlay', () => {
  it('shows for the 1 second of SPEC.md section 1', () => {
    expect(START_OVERLAY_MS).toBe(1000);
  });
});
