import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../test/accounts';
import { fakeCdn } from '../test/fake-cdn';
import { createTestApp, type TestApp } from '../test/test-app';
import { send } from '../test/workspace';
import { keysOfChange } from './cdn-keys';
import { CdnPurger } from './cdn-purge';

/** A log that keeps what it was told. */
function memoryLog() {
  const lines: { level: 'warn' | 'error'; message: string }[] = [];
  return {
    lines,
    log: {
      warn: (_: unknown, message: string) => lines.push({ level: 'warn', message }),
      error: (_: unknown, message: string) => lines.push({ level: 'error', message }),
    } as never,
  };
}

let cdn: Awaited<ReturnType<typeof fakeCdn>> | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await cdn?.close();
  cdn = undefined;
});

describe('purging surrogate keys at the CDN', () => {
  it('Fastly style: one POST naming the keys gathered together, with the token in Fastly-Key', async () => {
    cdn = await fakeCdn();
    const { log, lines } = memoryLog();
    const purger = new CdnPurger({ url: cdn.url, style: 'fastly', token: 'fastly-test-token' }, { log });
    purger.purge(['sign-AB12CD34', 'search']);
    purger.purge(['company-7', 'search']);
    await purger.settled();
    expect(cdn.heard).toHaveLength(1);
    expect(cdn.heard[0]?.headers['surrogate-key']).toBe('sign-AB12CD34 search company-7');
    expect(cdn.heard[0]?.headers['fastly-key']).toBe('fastly-test-token');
    expect(lines).toEqual([]);
  });

  it('Cloudflare style: JSON tags with a bearer token, at most 30 tags a request', async () => {
    cdn = await fakeCdn();
    const { log } = memoryLog();
    const purger = new CdnPurger({ url: cdn.url, style: 'cloudflare', token: 'cf-test-token' }, { log });
    const keys = Array.from({ length: 31 }, (_, i) => `company-${i + 1}`);
    purger.purge(keys);
    await purger.settled();
    expect(cdn.heard).toHaveLength(2);
    expect(cdn.heard.every((one) => one.headers.authorization === 'Bearer cf-test-token')).toBe(true);
    expect(cdn.heard.every((one) => one.headers['content-type'] === 'application/json')).toBe(true);
    const tags = cdn.heard.map((one) => (JSON.parse(one.body) as { tags: string[] }).tags);
    expect(tags.map((list) => list.length).sort((a, b) => a - b)).toEqual([1, 30]);
    expect(tags.flat().sort()).toEqual([...keys].sort());
  });

  it('a failed purge is tried once more and then only logged, never thrown', async () => {
    cdn = await fakeCdn(() => 503);
    const { log, lines } = memoryLog();
    const purger = new CdnPurger(
      { url: cdn.url, style: 'fastly', token: undefined },
      { log, retryDelayMs: 10 },
    );
    purger.purge(['sign-AB12CD34']);
    await expect(purger.settled()).resolves.toBeUndefined();
    expect(cdn.heard).toHaveLength(2);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'error']);
  });

  it('a purge that failed once and then worked logs only the first failure', async () => {
    cdn = await fakeCdn((_, n) => (n === 1 ? 500 : 200));
    const { log, lines } = memoryLog();
    const purger = new CdnPurger(
      { url: cdn.url, style: 'fastly', token: undefined },
      { log, retryDelayMs: 10 },
    );
    purger.purge(['company-3']);
    await purger.settled();
    expect(cdn.heard).toHaveLength(2);
    expect(lines.map((line) => line.level)).toEqual(['warn']);
  });

  it('a CDN that never answers holds a purge no longer than its timeout, twice', async () => {
    cdn = await fakeCdn(() => 'hang');
    const { log, lines } = memoryLog();
    const purger = new CdnPurger(
      { url: cdn.url, style: 'fastly', token: undefined },
      { log, timeoutMs: 200, retryDelayMs: 10 },
    );
    const started = Date.now();
    purger.purge(['company-3']);
    await purger.settled();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(cdn.heard).toHaveLength(2);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'error']);
  });

  it('a change the database announces names the keys it makes stale', () => {
    expect(keysOfChange('k:AB12CD34')).toEqual(['sign-AB12CD34', 'search']);
    expect(keysOfChange('c:42')).toEqual(['company-42', 'search']);
    expect(keysOfChange('')).toEqual(['signs']);
  });
});

describe('a change to what a visitor sees purges its keys (CDN_PURGE_URL)', () => {
  it('withdrawing a published phone number purges the company whose answers showed it', async () => {
    cdn = await fakeCdn();
    t = await createTestApp({
      env: { cdnPurge: { url: cdn.url, style: 'fastly', token: 'secret-from-env' } },
    });
    const a = await signedIn(t);
    const look = await send(t, 'GET', `/api/public/sign/${a.sticker.signRef}`);
    expect(look.statusCode).toBe(200);
    const keys = String(look.headers['surrogate-key']).split(' ');
    expect(keys).toEqual(
      expect.arrayContaining([
        'brand-signs',
        `sign-${a.sticker.signRef.replaceAll('-', '')}`,
        `site-${a.reply.siteId}`,
        `company-${a.reply.companyId}`,
      ]),
    );
    expect(look.headers['cache-tag']).toBe(keys.join(','));
    const settings = {
      showEmail: false,
      showAddress: false,
      showRelay: true,
      email: '',
      address: '',
      isHomeAddress: false,
      homeAddressConsent: false,
      contactText: '',
    };
    await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: null,
      ...settings,
      showPhone: true,
      phone: '0113 496 0000',
    });
    const company = `company-${a.reply.companyId}`;
    const purged = () => (cdn?.heard ?? []).flatMap((one) => String(one.headers['surrogate-key']).split(' '));
    await waitFor(() => purged().includes(company));
    cdn.heard.length = 0;
    const withdrawn = await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: null,
      ...settings,
      showPhone: false,
      phone: '',
    });
    expect(withdrawn.statusCode).toBe(200);
    await waitFor(() => purged().includes(company));
    expect(cdn.heard.every((one) => one.headers['fastly-key'] === 'secret-from-env')).toBe(true);
  });
});

/** Waits (at most 5 s) until `done`: a notification travels through the database first. */
async function waitFor(done: () => boolean): Promise<void> {
  const until = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > until) throw new Error('the purge never came');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
