import { describe, expect, it } from 'vitest';
import { brands, DEFAULT_TITLE, defaultBrand, resolveBrand } from './index';

/** The production host name of a brand, from its public origin. */
function productionHost(url: string): string {
  return new URL(url).hostname;
}

describe('resolveBrand', () => {
  for (const brand of brands) {
    describe(brand.name, () => {
      const domain = productionHost(brand.url).replace(/^www\./, '');

      it.each(brand.hostKeys)(
        'answers for host key %s on localhost, with a port and in upper case',
        (key) => {
          expect(resolveBrand(`${key}.localhost`).id).toBe(brand.id);
          expect(resolveBrand(`${key}.localhost:3000`).id).toBe(brand.id);
          expect(resolveBrand(`${key}.LOCALHOST`.toUpperCase()).id).toBe(brand.id);
          expect(resolveBrand(`www.${key}.localhost`).id).toBe(brand.id);
        },
      );

      it(`answers for its production domain ${domain}`, () => {
        expect(resolveBrand(productionHost(brand.url)).id).toBe(brand.id);
        expect(resolveBrand(domain).id).toBe(brand.id);
        expect(resolveBrand(`www.${domain}`).id).toBe(brand.id);
        expect(resolveBrand(`${domain}:443`).id).toBe(brand.id);
        expect(resolveBrand(`WWW.${domain.toUpperCase()}:8080`).id).toBe(brand.id);
        expect(resolveBrand(`${domain}.`).id).toBe(brand.id);
      });
    });
  }

  it('resolves the development hosts of every brand by its id', () => {
    expect(resolveBrand('dvr.localhost').name).toBe('Alien DVR');
    expect(resolveBrand('DVR.LOCALHOST').id).toBe('dvr');
    expect(resolveBrand('voice.localhost:3210').id).toBe('voice');
    expect(resolveBrand('nvr.localhost').id).toBe('nvr');
    expect(resolveBrand('anpr.localhost').id).toBe('anpr');
    expect(resolveBrand('multiplexer.localhost').id).toBe('multiplexer');
    expect(resolveBrand('ipcam.localhost').id).toBe('ipcam');
    expect(resolveBrand('signs.localhost').id).toBe('signs');
  });

  it.each([
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
  ])('gives the default (signs) brand for %j', (host) => {
    expect(resolveBrand(host)).toBe(defaultBrand);
    expect(resolveBrand(host).id).toBe('signs');
  });

  it('gives the default brand when there is no host at all', () => {
    expect(resolveBrand(undefined).id).toBe('signs');
    expect(resolveBrand(null).id).toBe('signs');
  });

  it('only looks at the first label, so a brand word further along does not count', () => {
    expect(resolveBrand('shop.aliendvr.co.uk').id).toBe('signs');
    expect(resolveBrand('dvr.example.com').id).toBe('dvr');
  });

  it('keeps the default question as the signs title', () => {
    expect(defaultBrand.title).toBe(DEFAULT_TITLE);
  });
});
