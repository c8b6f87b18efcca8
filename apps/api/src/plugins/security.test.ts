import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { cspDirectives } from '../test/csp';
import { logCapture } from '../test/log-capture';
import { createTestApp, type TestApp } from '../test/test-app';
import { allowedOrigins, STRICT_TRANSPORT_SECURITY } from './security';
import { TokenBuckets } from './token-bucket';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const directives = (res: LightMyRequestResponse) => cspDirectives(res.headers);

describe('security headers', () => {
  it('HTML pages and API replies carry the policy, nosniff, no framing and no referrer', async () => {
    t = await createTestApp();
    const page = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { host: 'dvr.localhost:3000' },
    });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    for (const res of [page, api, missing]) {
      const csp = directives(res);
      expect(csp.get('script-src')).toEqual([
        "'self'",
        "'sha256-74fGknkUEWwUUTORQNVzxz9aNNGbTGO4ySC4uShyNh0='",
      ]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('every reply carries the same security headers, word for word: pages, API, 404, 400 and 429', async () => {
    t = await createTestApp({ publicReads: new TokenBuckets({ now: () => 0 }) });
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';script-src 'self' 'sha256-74fGknkUEWwUUTORQNVzxz9aNNGbTGO4ySC4uShyNh0=';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;media-src 'self';" +
        "connect-src 'self';object-src 'none';frame-ancestors 'none';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const dvr = { host: 'dvr.localhost:3000' };
    const replies = [
      await t.app.inject({ method: 'GET', url: '/', headers: dvr }),
      await t.app.inject({ method: 'GET', url: '/api/dvrs', headers: dvr }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/thing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i <= 60 && refused === undefined; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/lookup/search?q=anything',
        remoteAddress: '10.9.9.9',
      });
      if (res.statusCode === 429) refused = res;
    }
    expect(refused).toBeDefined();
    replies.push(refused as LightMyRequestResponse);
    expect(replies.map((res) => res.statusCode)).toEqual([200, 200, 404, 400, 429]);
    for (const res of replies) {
      const security = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
      expect(security).toEqual(expected);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only over HTTPS: never on plain HTTP, nor for an untrusted X-Forwarded-Proto', async () => {
    t = await createTestApp();
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when a trusted proxy says the request came over HTTPS', async () => {
    t = await createTestApp({ env: { trustProxy: 1 } });
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https', host: 'signs.localhost:3000' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t?.app.inject({
      method: 'OPTIONS',
      url: '/api/users/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('lets a brand origin call the API, preflight included', async () => {
    t = await createTestApp();
    const origin = 'http://voice.localhost:3000';
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    const pre = await preflight(origin);
    expect(pre?.statusCode).toBe(204);
    expect(pre?.headers['access-control-allow-origin']).toBe(origin);
    expect(String(pre?.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(pre?.headers['access-control-allow-headers'])).toContain('content-type');
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it('gives a foreign origin no CORS headers at all', async () => {
    t = await createTestApp();
    for (const origin of ['https://evil.example', 'http://dvr.localhost.evil.example:3000', 'null']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(res.statusCode).toBe(200);
      const pre = await preflight(origin);
      expect(pre?.statusCode).toBe(404);
      for (const reply of [res, pre]) {
        const cors = Object.keys(reply?.headers ?? {}).filter((h) => h.startsWith('access-control-'));
        expect(cors).toEqual([]);
      }
    }
  });

  it('allows each brand public origin; the *.localhost ones only outside production', () => {
    const production = allowedOrigins({ nodeEnv: 'production', port: 3000, publicUrlPattern: undefined });
    expect(production).toContain('https://www.aliendvr.co.uk');
    expect(production).toContain('https://www.cctvsignregister.co.uk');
    expect(production.size).toBe(7);
    const development = allowedOrigins({ nodeEnv: 'development', port: 3000, publicUrlPattern: undefined });
    expect(development).toContain('http://dvr.localhost:3000');
    expect(development).toContain('http://aliendvr.localhost:3000');
    const pattern = allowedOrigins({
      nodeEnv: 'production',
      port: 3000,
      publicUrlPattern: 'https://{host}.staging.example',
    });
    expect(pattern).toContain('https://anpr.staging.example');
    expect(pattern.size).toBe(7);
  });
});

describe('TRUST_PROXY', () => {
  /** Signs in from `remoteAddress`, which forwards 198.51.100.1 then 203.0.113.7; the login limit keys. */
  async function seenAddress(remoteAddress: string): Promise<string[]> {
    if (!t) throw new Error('no app');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress,
      headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' },
      payload: { userName: 'nobody-here', password: 'guess' },
    });
    expect(res.statusCode).toBe(401);
    const rows = await t.db.query<{ key: string }>(
      "select key from rate_limits where key like 'login:address:%' order by key",
    );
    return rows.map((r) => r.key);
  }

  it('unset: forwarded headers are ignored, so a client cannot pick its own address', async () => {
    const log = logCapture();
    t = await createTestApp({ logger: log.logger });
    const seen = await seenAddress('192.0.2.44');
    expect(seen).toEqual(['login:address:192.0.2.44']);
    const completed = log.lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ remoteAddress: '192.0.2.44' });
  });

  it('a hop count: the address the nearest proxy saw counts for rate limits and logs', async () => {
    const log = logCapture();
    t = await createTestApp({ env: { trustProxy: 1 }, logger: log.logger });
    const seen = await seenAddress('10.0.0.5');
    expect(seen).toEqual(['login:address:203.0.113.7']);
    const completed = log.lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ remoteAddress: '203.0.113.7' });
  });

  it('a list of proxies: only those proxies are believed', async () => {
    t = await createTestApp({ env: { trustProxy: ['10.0.0.0/8'] } });
    await seenAddress('10.0.0.5');
    const fromElsewhere = await seenAddress('192.0.2.44');
    expect(fromElsewhere).toEqual(['login:address:192.0.2.44', 'login:address:203.0.113.7']);
  });
});
