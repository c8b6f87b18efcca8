import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoAddresses } from './demo-addresses';
import { getAddressProvider } from './providers';

let t: TestApp | undefined;
let fake: http.Server | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  // Ends connections the timeout test left waiting, then the server.
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve) ?? resolve(undefined));
  fake = undefined;
});

const API_KEY = 'key-that-must-stay-on-the-server';

const get = (url: string) => (t as TestApp).app.inject({ method: 'GET', url });

/** A getAddress.io-compatible service on 127.0.0.1: the protocol, its errors, and a silent id. */
async function fakeGetAddress() {
  const seen: string[] = [];
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    seen.push(req.url ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('api-key') !== API_KEY) return send(401, { Message: 'Invalid api-key.' });
    const [, kind, raw] = url.pathname.split('/');
    const arg = decodeURIComponent(raw ?? '');
    const failures: Record<string, number> = { 'fail-404': 404, 'fail-429': 429, 'fail-500': 500 };
    if (failures[arg]) return send(failures[arg], { Message: `Failure ${failures[arg]}` });
    if (arg === 'silent') return; // never answers
    if (kind === 'autocomplete') {
      return send(200, {
        suggestions: [
          { address: `10 ${arg} Street, Testville`, url: '/get/abc-1', id: 'abc-1' },
          { address: `12 ${arg} Street, Testville`, url: '/get/abc-2', id: 'abc-2' },
        ],
      });
    }
    if (kind === 'get' && arg === 'abc-1') {
      return send(200, {
        postcode: 'TE1 1ST',
        latitude: 0,
        longitude: 0,
        formatted_address: ['10 Test Street', '', '', 'Testville', 'Testshire'],
        thoroughfare: 'Test Street',
        line_1: '10 Test Street',
        line_2: '',
        line_3: null,
        town_or_city: 'Testville',
        county: 'Testshire',
        country: 'England',
      });
    }
    return send(404, { Message: 'Not found.' });
  });
  await new Promise<void>((resolve) => fake?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, seen };
}

/** A GET sent as written: no client in between resolves dot segments in the path. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += String(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

function logCapture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { logger: { level: 'debug', stream }, text: () => text };
}

describe('address look-up, demo provider', () => {
  it('suggests matching made-up addresses, by any part and in any case', async () => {
    t = await createTestApp();
    const leeds = await get('/api/address/autocomplete/leeds');
    expect(leeds.statusCode).toBe(200);
    const suggestions = leeds.json().suggestions as { address: string; id: string }[];
    expect(suggestions.length).toBeGreaterThan(1);
    expect(suggestions.every((s) => s.address.includes('Leeds'))).toBe(true);
    expect(suggestions).toContainEqual({ address: '1 Lantern Row, Leeds, LS1 9ZQ', id: 'demo-01' });

    const byPostcode = (await get('/api/address/autocomplete/hx7%209zd')).json().suggestions;
    expect(byPostcode.map((s: { id: string }) => s.id)).toEqual(['demo-04', 'demo-05']);
    expect((await get('/api/address/autocomplete/qqqqq')).json()).toEqual({ suggestions: [] });
  });

  it('refuses fewer than 3 characters', async () => {
    t = await createTestApp();
    const res = await get('/api/address/autocomplete/le');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.server.addressTermTooShort });
  });

  it('gives the detail of a suggestion, and 404 for an unknown id', async () => {
    t = await createTestApp();
    const res = await get('/api/address/get/demo-05');
    expect(res.json()).toEqual({
      line_1: 'The Old Forge',
      line_2: '8 Mill Lane',
      line_3: '',
      town_or_city: 'Hebden Bridge',
      postcode: 'HX7 9ZD',
      county: 'West Yorkshire',
    });
    const unknown = await get('/api/address/get/demo-99');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.server.addressNotFound });
  });

  it('has about thirty addresses in several towns, each with a distinct id', () => {
    expect(demoAddresses.length).toBeGreaterThanOrEqual(30);
    expect(new Set(demoAddresses.map((a) => a.id)).size).toBe(demoAddresses.length);
    expect(new Set(demoAddresses.map((a) => a.town_or_city)).size).toBeGreaterThanOrEqual(10);
  });
});

describe('address look-up, getaddress provider', () => {
  async function appOnFake() {
    const service = await fakeGetAddress();
    const log = logCapture();
    t = await createTestApp({
      env: { addressProvider: 'getaddress', getaddressUrl: `${service.url}/`, getaddressApiKey: API_KEY },
      logger: log.logger,
    });
    return { service, log };
  }

  it('passes suggestions and details through; the key goes to the service only', async () => {
    const { service, log } = await appOnFake();
    const list = await get('/api/address/autocomplete/Test%20Road');
    expect(list.json()).toEqual({
      suggestions: [
        { address: '10 Test Road Street, Testville', id: 'abc-1' },
        { address: '12 Test Road Street, Testville', id: 'abc-2' },
      ],
    });
    const detail = await get('/api/address/get/abc-1');
    expect(detail.json()).toEqual({
      line_1: '10 Test Street',
      line_2: '',
      line_3: '',
      town_or_city: 'Testville',
      postcode: 'TE1 1ST',
      county: 'Testshire',
    });
    expect(service.seen).toEqual([
      `/autocomplete/Test%20Road?api-key=${API_KEY}`,
      `/get/abc-1?api-key=${API_KEY}`,
    ]);
    expect(list.body + detail.body + log.text()).not.toContain(API_KEY);
  });

  it('an id that is not a provider id (%2e%2e, a dot) is refused without asking the service', async () => {
    const { service } = await appOnFake();
    // Over a socket: app.inject (like a browser) would resolve %2e%2e in the address itself.
    const app = (t as TestApp).app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const id of ['%2e%2e', '%2E', '..%2F..%2Fadmin', 'abc.1']) {
      const res = await rawGet(port, `/api/address/get/${id}`);
      expect(res.status, id).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ message: messages.server.addressNotFound });
    }
    expect(service.seen).toEqual([]);
    expect((await get('/api/address/get/abc-1')).statusCode).toBe(200);
  });

  it('service errors give empty suggestions, and 404 or 502 for a detail', async () => {
    const { log } = await appOnFake();
    for (const term of ['fail-404', 'fail-429', 'fail-500']) {
      const res = await get(`/api/address/autocomplete/${term}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ suggestions: [] });
    }
    const missing = await get('/api/address/get/fail-404');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.server.addressNotFound });
    for (const id of ['fail-429', 'fail-500']) {
      const res = await get(`/api/address/get/${id}`);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: messages.server.addressUnavailable });
    }
    expect(log.text()).toContain('Address autocomplete failed');
    expect(log.text()).not.toContain(API_KEY);
  });

  it('a wrong key (401) gives empty suggestions and 502 for a detail', async () => {
    const service = await fakeGetAddress();
    t = await createTestApp({
      env: { addressProvider: 'getaddress', getaddressUrl: service.url, getaddressApiKey: 'wrong' },
    });
    expect((await get('/api/address/autocomplete/anything')).json()).toEqual({ suggestions: [] });
    expect((await get('/api/address/get/abc-1')).statusCode).toBe(502);
  });

  it('a service that does not answer in time, or is not there, is treated as failed', async () => {
    const service = await fakeGetAddress();
    const quiet = { warn() {} } as unknown as Parameters<typeof getAddressProvider>[0]['log'];
    const provider = getAddressProvider({
      baseUrl: service.url,
      apiKey: API_KEY,
      log: quiet,
      timeoutMs: 200,
    });
    expect(await provider.autocomplete('silent')).toEqual([]);
    await expect(provider.get('silent')).rejects.toThrow('no answer within 200 ms');

    const gone = getAddressProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, log: quiet });
    expect(await gone.autocomplete('anything')).toEqual([]);
    await expect(gone.get('abc-1')).rejects.toThrow('unreachable');
  });
});
