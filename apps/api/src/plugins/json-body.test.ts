import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../test/accounts';
import { multipart } from '../test/contact-forms';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function post(app: TestApp, url: string, payload: string, remoteAddress = '127.0.0.1') {
  return app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json' },
    remoteAddress,
  });
}

describe('JSON bodies are bounded before any work that grows with them', () => {
  it('a deeply nested body (4000 levels) is refused with 400 and a clear message, not a 500', async () => {
    t = await createTestApp();
    const res = await post(t, '/api/users/login', nested(4000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is nested too deeply (at most 32 levels).' });

    const objects = `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`;
    const deepObject = await post(t, '/api/users/forgot-password', objects, '127.0.0.2');
    expect(deepObject.statusCode).toBe(400);
  });

  it('32 levels are read; 33 are refused; brackets inside strings do not count', async () => {
    t = await createTestApp();
    const atLimit = await post(t, '/api/users/login', nested(32));
    // Read, then refused by the schema (an array is not a login).
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toMatch(/nested/);
    const over = await post(t, '/api/users/login', nested(33));
    expect(over.json()).toEqual({ message: 'The request body is nested too deeply (at most 32 levels).' });

    const inString = await post(
      t,
      '/api/users/login',
      JSON.stringify({ userName: `x${'['.repeat(100)}`, password: `"\\${'{'.repeat(100)}` }),
    );
    expect(inString.statusCode).toBe(401);
  });

  it('a multipart body is read only by the forms that take files; any other call refuses it with 415, unread', async () => {
    t = await createTestApp();
    const form = multipart([{ name: 'data', value: JSON.stringify({ userName: 'demo', password: 'x' }) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: form.payload,
      headers: { 'content-type': form.contentType },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: expect.any(String) });
    // The contact form still reads one (and here refuses its empty fields with 400).
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: form.payload,
      headers: { 'content-type': form.contentType, host: 'dvr.localhost' },
    });
    expect(contact.statusCode).toBe(400);
  });

  it('a JSON body over 256 KB is refused with 413 and a message, unread', async () => {
    t = await createTestApp();
    const big = JSON.stringify({ userName: 'x'.repeat(256 * 1024), password: 'p' });
    const res = await post(t, '/api/users/login', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const justUnder = JSON.stringify({ userName: 'x'.repeat(250 * 1024), password: 'p' });
    expect((await post(t, '/api/users/login', justUnder, '127.0.0.3')).statusCode).toBe(400);
  });

  it('a flood from one address is refused with 429 before its body is read', async () => {
    t = await createTestApp();
    // The login limit per address: 30 requests in 5 minutes.
    for (let i = 0; i < 30; i++) {
      const res = await post(t, '/api/users/login', nested(4000), '127.0.9.9');
      expect(res.statusCode).toBe(400);
    }
    const refused = await post(t, '/api/users/login', nested(4000), '127.0.9.9');
    expect(refused.statusCode).toBe(429);
    // Not even valid JSON: answered 429 all the same, so it was never parsed.
    const broken = await post(t, '/api/users/login', '{"userName":', '127.0.9.9');
    expect(broken.statusCode).toBe(429);
  });
});

// ---- Every JSON route, any nesting and shape: always a 4xx with { message }, never a 5xx.

const RUNS_PER_ROUTE = 12;

/** A JSON text of a hostile shape: deep, unbalanced, wide, or deep inside a plausible field. */
const hostileBody: fc.Arbitrary<{ text: string; depth: number }> = fc.oneof(
  fc.integer({ min: 0, max: 5000 }).map((d) => ({ text: nested(d), depth: d })),
  fc.integer({ min: 0, max: 5000 }).map((d) => ({ text: `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`, depth: d })),
  fc
    .integer({ min: 1, max: 2500 })
    .map((d) => ({ text: `${'[{"k":'.repeat(d)}0${'}]'.repeat(d)}`, depth: 2 * d })),
  // Openers only: never valid JSON, however deep.
  fc.integer({ min: 1, max: 5000 }).map((d) => ({ text: '['.repeat(d), depth: d })),
  fc.integer({ min: 0, max: 20_000 }).map((n) => ({ text: `[${Array(n).fill('0').join(',')}]`, depth: 1 })),
  fc
    .tuple(
      fc.constantFrom('userName', 'email', 'name', 'signRef', 'siteId', 'token'),
      fc.integer({ min: 0, max: 3000 }),
    )
    .map(([field, d]) => ({ text: `{"${field}":${nested(d)}}`, depth: d + 1 })),
);

describe('hostile nesting on every JSON route', async () => {
  const fuzz = await createTestApp();
  afterAll(() => fuzz.close());
  const operator = await signedIn(fuzz);
  await fuzz.app.ready();
  const document = fuzz.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content?.['application/json'])
      .map(([method, _operation]) => ({ method: method.toUpperCase(), path })),
  );
  let client = 0;

  it('finds the JSON routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const url = route.path
        .replaceAll('{signRef}', operator.sticker.signRef)
        .replaceAll(/\{\w+\}/g, String(operator.reply.siteId));
      await fc.assert(
        fc.asyncProperty(hostileBody, fc.boolean(), async (body, withSession) => {
          client += 1;
          const res = await fuzz.app.inject({
            method: route.method as 'POST',
            url,
            payload: body.text,
            headers: {
              'content-type': 'application/json',
              ...(withSession ? { authorization: `Bearer ${operator.token}` } : {}),
            },
            // An address of its own each time, so the per-address limits rarely answer instead.
            remoteAddress: `127.1.${Math.floor(client / 250) % 250}.${1 + (client % 250)}`,
          });
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, res.body).toBeLessThan(500);
          expect(res.json()).toMatchObject({ message: expect.any(String) });
          if (body.depth > 32 && res.statusCode === 400) {
            expect(res.json()).toEqual({
              message: 'The request body is nested too deeply (at most 32 levels).',
            });
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
  );
});
