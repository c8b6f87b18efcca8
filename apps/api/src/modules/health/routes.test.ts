import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_READY_MESSAGE } from './routes';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

it('GET /api/health answers ok', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
});

it('GET /api/ready answers ready while the database answers', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ready' });
});

it('GET /api/ready answers 503 once the database is gone, and health stays ok', async () => {
  await t.app.ready();
  await t.db.close();
  const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({ message: NOT_READY_MESSAGE });
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.json()).toEqual({ status: 'ok' });
});
