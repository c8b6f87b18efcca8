import { messages } from '@app/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './lib/http-error';
import { rateLimit } from './plugins/rate-limit';
import { logCapture } from './test/log-capture';
import { createTestApp, type TestApp } from './test/test-app';

const GENERIC = 'Something went wrong on our side. Please try again.';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// Routes that exist only in these tests, registered before the app is ready.
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/test/sql-failure', async () => {
    await app.db.query('select secret_column from users_that_do_not_exist where password = $1', ['x']);
    return { ok: true };
  });
  app.get('/api/test/unique-race', async () => {
    // The same address written twice: the second write is the one a racing request would make.
    await app.db.transaction(async (tx) => {
      await tx.query('create temporary table raced (email text unique) on commit drop');
      await tx.query(`insert into raced values ('ada@example.com')`);
      await tx.query(`insert into raced values ('ada@example.com')`);
    });
    return { ok: true };
  });
  app.get('/api/test/conflict', async () => {
    throw new HttpError(409, 'This sticker is already registered.');
  });
  app.post(
    '/api/test/sign-in',
    {
      schema: {
        body: z.object({
          userName: z.string().min(4),
          password: z.string({ error: messages.signIn.passwordRequired }),
          remember: z.boolean().optional(),
        }),
        response: { 200: z.object({ userName: z.string() }) },
      },
    },
    async (request) => ({ userName: request.body.userName }),
  );
  app.get(
    '/api/test/limited',
    { preHandler: rateLimit({ name: 'test-limited', perAddress: { max: 1, windowMs: 60_000 } }) },
    async () => ({ ok: true }),
  );
};

describe('errors', () => {
  it('an unknown /api path answers 404 JSON', async () => {
    t = await createTestApp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('a failing query answers 500 with only the generic message, and the real error is logged', async () => {
    const log = logCapture('error');
    t = await createTestApp({ logger: log.logger });
    await t.app.register(testRoutes);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/sql-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC });
    expect(res.body).not.toMatch(/users_that_do_not_exist|select|secret_column|at /);
    expect(JSON.stringify(log.lines)).toContain('users_that_do_not_exist');
  });

  it('a write that races another onto a unique row answers 409 asking to try again, never 500', async () => {
    t = await createTestApp();
    await t.app.register(testRoutes);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/unique-race' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Someone else changed this at the same moment. Please reload and try again.',
    });
  });

  it('an HttpError answers its status and message', async () => {
    t = await createTestApp();
    await t.app.register(testRoutes);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This sticker is already registered.' });
  });

  it('a body failing validation answers 400 with a message naming the field', async () => {
    t = await createTestApp();
    await t.app.register(testRoutes);
    const { app } = t;
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/test/sign-in', payload });

    const missing = await post({ password: 'secret12' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'userName is required' });

    const short = await post({ userName: 'ab', password: 'secret12' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^userName: .*4/);

    const wrongType = await post({ userName: 'alice', password: 'secret12', remember: 'yes' });
    expect(wrongType.json().message).toMatch(/^remember: .*boolean/);

    // A message the contract sets is passed on word for word.
    const noPassword = await post({ userName: 'alice' });
    expect(noPassword.json()).toEqual({ message: messages.signIn.passwordRequired });

    const ok = await post({ userName: 'alice', password: 'secret12' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ userName: 'alice' });
  });

  it('malformed JSON answers 400 with a message', async () => {
    t = await createTestApp();
    await t.app.register(testRoutes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('an address Fastify cannot route answers 4xx { message } without echoing it back', async () => {
    t = await createTestApp();
    const badEscape = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ message: 'The address of this request is not valid.' });
    const long = await t.app.inject({ method: 'GET', url: `/api/users/${'9'.repeat(5000)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Not found' });
  });

  it('a rate-limited route answers 429 { message } once its limit is used', async () => {
    t = await createTestApp();
    await t.app.register(testRoutes);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(Object.keys(limited.json())).toEqual(['message']);
    // Other routes are not limited unless they opt in.
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with the API routes and the Swagger UI page', async () => {
    t = await createTestApp();
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('security headers', () => {
  it('sends a content security policy that allows no inline script but the app starter, by its hash', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
