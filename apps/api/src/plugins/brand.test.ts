import { brandById } from '@app/brands';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedEnv } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

const signs = brandById('signs');
const dvr = brandById('dvr');

/** The home page's title and canonical link: the brand it was answered as, and where it links. */
async function home(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/', headers });
  expect(res.statusCode).toBe(200);
  return {
    title: /<title>([^<]*)<\/title>/.exec(res.body)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1],
    body: res.body,
  };
}

describe('the brand and its links come from the configured hosts', () => {
  it('X-Forwarded-Host never chooses the brand or the links, even from a trusted proxy', async () => {
    t = await createTestApp({ env: { trustProxy: 1 } });
    const page = await home({ host: 'signs.localhost', 'x-forwarded-host': 'dvr.localhost' });
    expect(page.title).toBe(signs.title);
    expect(page.canonical).toBe('http://signs.localhost:3000/');

    const evil = await home({ host: 'signs.localhost', 'x-forwarded-host': 'signs.evil.example' });
    expect(evil.canonical).toBe('http://signs.localhost:3000/');
    expect(evil.body).not.toContain('evil.example');
  });

  it('a host that is not configured gets the default brand with its canonical links', async () => {
    t = await createTestApp();
    for (const host of ['dvr.evil.example', 'dvr.localhost.evil.example', 'aliendvr.example.org:3000']) {
      const page = await home({ host });
      expect(page.title, host).toBe(signs.title);
      expect(page.canonical, host).toBe('http://signs.localhost:3000/');
      expect(page.body, host).not.toContain('evil.example');
    }
    const own = await home({ host: 'DVR.localhost:3000' });
    expect(own.title).toBe(dvr.title);
    expect(own.canonical).toBe('http://dvr.localhost:3000/');
  });

  it('in production the public URLs and PUBLIC_URL_PATTERN name the hosts, with every host key', async () => {
    const env: Partial<ResolvedEnv> = {
      nodeEnv: 'production',
      publicUrlPattern: 'https://{host}.example.org',
    };
    t = await createTestApp({ env });
    for (const host of ['dvr.example.org', 'aliendvr.example.org', 'www.aliendvr.co.uk', 'aliendvr.co.uk.']) {
      const page = await home({ host });
      expect(page.title, host).toBe(dvr.title);
      expect(page.canonical, host).toBe('https://dvr.example.org/');
    }
    // Development hosts are not configured in production.
    expect((await home({ host: 'dvr.localhost' })).title).toBe(signs.title);
  });
});
