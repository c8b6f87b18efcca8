import { afterEach, describe, expect, it } from 'vitest';
import { logCapture } from '../test/log-capture';
import { createTestApp, type TestApp } from '../test/test-app';
import { METRICS_FORBIDDEN_MESSAGE, METRICS_TOKEN_MESSAGE } from './metrics';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('every reply names a fresh id, and every log line of the request carries it', async () => {
    const log = logCapture();
    t = await createTestApp({ logger: log.logger });
    t.app.get('/api/test/logs', async (request) => {
      request.log.info('working on it');
      return { ok: true };
    });
    const first = await t.app.inject({ method: 'GET', url: '/api/test/logs' });
    const second = await t.app.inject({ method: 'GET', url: '/api/test/logs' });
    const id = String(first.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(id);

    const lines = log.lines.filter((line) => line.reqId === id);
    // One line of its own per request, written when the reply has gone.
    expect(lines.map((line) => line.msg)).toEqual(['working on it', 'request completed']);
    expect(lines[1]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/test/logs',
      statusCode: 200,
      remoteAddress: '127.0.0.1',
    });
    expect(lines[1]?.responseTime).toEqual(expect.any(Number));
    // No other line speaks of the request without naming its id.
    const stray = log.lines.filter(
      (line) => line.reqId === undefined && JSON.stringify(line).includes('/api/test/logs'),
    );
    expect(stray).toEqual([]);
  });

  it('keeps a well-formed id from a proxy in front and replaces a malformed one', async () => {
    const log = logCapture();
    t = await createTestApp({ logger: log.logger });
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-4f2a.91:b_7' },
    });
    expect(given.headers['x-request-id']).toBe('edge-4f2a.91:b_7');
    expect(log.lines.filter((line) => line.reqId === 'edge-4f2a.91:b_7')).toHaveLength(1);

    for (const bad of ['has space', 'line\nbreak', 'x'.repeat(129), '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('error replies carry the id too', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text exposition format, failing on any line that breaks it: every
 * sample belongs to a family announced by # HELP and # TYPE.
 */
function parseMetrics(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        types.set(meta[2] as string, meta[3] as string);
      }
      continue;
    }
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name = '', labelText = '', value = ''] = match ?? [];
    const labels: Record<string, string> = {};
    for (const pair of labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) {
      labels[pair[1] as string] = pair[2] as string;
    }
    const family = [...types.keys()].find(
      (f) => name === f || (/_(bucket|sum|count|total|created)$/.test(name) && name.startsWith(`${f}_`)),
    );
    expect(family, `sample without # TYPE: ${name}`).toBeDefined();
    // Prometheus reads NaN in any letter case (prom-client writes a mean of no samples as Nan).
    const number = /^nan$/i.test(value)
      ? Number.NaN
      : /^[+-]Inf$/.test(value)
        ? Number(`${value[0]}1`) * Infinity
        : Number(value);
    expect(/^nan$/i.test(value) || !Number.isNaN(number), `value of ${line}`).toBe(true);
    samples.push({ name, labels, value: number });
  }
  return samples;
}

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('GET /api/metrics', () => {
  it('counts requests by route pattern and status, and times them', async () => {
    t = await createTestApp();
    const scrape = async () => {
      const res = await t?.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(res?.statusCode).toBe(200);
      expect(res?.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return parseMetrics(res?.body ?? '');
    };
    const route = { method: 'GET', route: '/api/dvrs/:dvrName', status_code: '404' };
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const before = await scrape();
    for (const name of ['no-such-dvr-1', 'no-such-dvr-2', 'no-such-dvr-3']) {
      await t.app.inject({ method: 'GET', url: `/api/dvrs/${name}` });
    }
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const after = await scrape();

    const count = (samples: Sample[]) => sampleValue(samples, 'http_requests_total', route) ?? 0;
    expect(count(after) - count(before)).toBe(3);
    expect(sampleValue(after, 'http_request_duration_seconds_count', route)).toBe(count(after));
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      count(after),
    );
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(after, 'http_requests_total', health)).toBe(2);
    // The raw URLs never become labels.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('no-such-dvr')))).toBe(false);
  });

  it('reports the mail outbox, the database connections and the process', async () => {
    t = await createTestApp();
    await t.db.query(
      `insert into mail_outbox (brand, to_address, subject, text_body, last_error, sent_at)
       values ('signs', 'a@example.com', 'one', 'x', null, null),
              ('signs', 'b@example.com', 'two', 'x', null, null),
              ('signs', 'c@example.com', 'three', 'x', 'connection refused', null),
              ('signs', 'd@example.com', 'four', 'x', null, now())`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    const samples = parseMetrics(res.body);
    expect(sampleValue(samples, 'mail_outbox_messages', { state: 'pending' })).toBe(2);
    expect(sampleValue(samples, 'mail_outbox_messages', { state: 'failed' })).toBe(1);
    const driver = t.db.kind;
    expect(sampleValue(samples, 'db_pool_connections', { driver, state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'db_pool_connections', { driver, state: 'idle' })).toBeGreaterThanOrEqual(0);
    // The outbox count of the same scrape may be using or opening a connection meanwhile.
    expect(sampleValue(samples, 'db_pool_waiting_requests', { driver })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
  });

  it('without METRICS_TOKEN: only a direct caller on this machine', async () => {
    t = await createTestApp();
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t?.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });
    expect((await get('127.0.0.1'))?.statusCode).toBe(200);
    expect((await get('::1'))?.statusCode).toBe(200);
    for (const [address, headers] of [
      ['203.0.113.9', {}],
      ['10.0.0.2', {}],
      // A proxy on this machine passing a visitor on.
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const res = await get(address, headers);
      expect(res?.statusCode).toBe(403);
      expect(res?.json()).toEqual({ message: METRICS_FORBIDDEN_MESSAGE });
      expect(res?.body).not.toContain('http_requests_total');
    }
  });

  it('without METRICS_TOKEN but behind a trusted proxy: nobody', async () => {
    t = await createTestApp({ env: { trustProxy: ['127.0.0.1'] } });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(403);
  });

  it('with METRICS_TOKEN: whoever sends it as a bearer token, from anywhere', async () => {
    const token = 'metrics-token-that-is-long-enough-0123456789';
    t = await createTestApp({ env: { metricsToken: token } });
    const get = (remoteAddress: string, authorization?: string) =>
      t?.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    expect((await get('203.0.113.9', `Bearer ${token}`))?.statusCode).toBe(200);
    for (const [address, authorization] of [
      ['127.0.0.1', undefined],
      ['203.0.113.9', undefined],
      ['203.0.113.9', `Bearer ${token}x`],
      ['203.0.113.9', token],
    ] as const) {
      const res = await get(address, authorization);
      expect(res?.statusCode).toBe(401);
      expect(res?.json()).toEqual({ message: METRICS_TOKEN_MESSAGE });
    }
  });
});
