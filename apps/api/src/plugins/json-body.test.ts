import { afterEach, describe, expect, it } from 'vitest';
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
