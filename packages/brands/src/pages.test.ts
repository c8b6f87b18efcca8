import { describe, expect, it } from 'vitest';
import { brandById, matchPage } from './index';

describe('matchPage', () => {
  const signs = brandById('signs');
  const dvr = brandById('dvr');
  const voice = brandById('voice');
  const nvr = brandById('nvr');

  it('matches a static page and gives its title and pattern', () => {
    expect(matchPage(signs, '/faqs')).toMatchObject({
      pattern: '/faqs',
      title: 'Frequently asked questions',
    });
    expect(matchPage(signs, '/')).toMatchObject({ pattern: '/', title: 'Who is watching me?' });
    expect(matchPage(dvr, '/alien-hybrid')).toMatchObject({ pattern: '/alien-hybrid' });
  });

  it('accepts a trailing slash', () => {
    expect(matchPage(signs, '/faqs/')?.pattern).toBe('/faqs');
  });

  it('matches dynamic patterns with one path segment per parameter', () => {
    expect(matchPage(dvr, '/dvrs/Alien-16')?.pattern).toBe('/dvrs/:dvrName');
    expect(matchPage(voice, '/category/3')?.pattern).toBe('/category/:id');
    expect(matchPage(voice, '/subcategory/12')?.pattern).toBe('/subcategory/:id');
    expect(matchPage(voice, '/message/7')?.pattern).toBe('/message/:id');
    expect(matchPage(voice, '/products/VoxAlert%20Mini')?.pattern).toBe('/products/:name');
    expect(matchPage(nvr, '/resources/manuals')?.pattern).toBe('/resources/:contentType');
    expect(matchPage(dvr, '/dvrs')).toBeUndefined();
    expect(matchPage(dvr, '/dvrs/a/b')).toBeUndefined();
  });

  it('gives nothing for a path the brand does not allow', () => {
    expect(matchPage(dvr, '/faqs')).toBeUndefined();
    expect(matchPage(signs, '/dvrs/Alien-16')).toBeUndefined();
    expect(matchPage(brandById('anpr'), '/features')).toBeUndefined();
    expect(matchPage(signs, '/nope')).toBeUndefined();
    expect(matchPage(signs, '/faqsx')).toBeUndefined();
    expect(matchPage(nvr, '/accessories')).toBeUndefined();
  });

  it('treats pattern text literally, not as a regular expression', () => {
    expect(matchPage(signs, '/site-map')?.pattern).toBe('/site-map');
    expect(matchPage(signs, '/sitesmap')).toBeUndefined();
  });

  it('always allows /404 so a redirect there cannot loop', () => {
    for (const id of ['signs', 'dvr', 'voice', 'nvr', 'anpr', 'multiplexer', 'ipcam'] as const) {
      expect(matchPage(brandById(id), '/404')?.pattern).toBe('/404');
    }
  });
});
