import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { openPostgres } from '../../db/postgres';
import { createTestApp, type TestApp, testEnv } from '../../test/test-app';
import { createPostgresTestDatabase } from '../../test/test-db';
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

/** The test database behind a switch: while `down`, every call fails as with a refused connection. */
function switchableDb(db: Db) {
  const state = { down: false };
  const refuse = () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
  const wrapped: Db = {
    ...db,
    query: (sql, params) => (state.down ? refuse() : db.query(sql, params)),
    one: (sql, params) => (state.down ? refuse() : db.one(sql, params)),
    maybeOne: (sql, params) => (state.down ? refuse() : db.maybeOne(sql, params)),
    exec: (sql) => (state.down ? refuse() : db.exec(sql)),
    transaction: (fn) => (state.down ? refuse() : db.transaction(fn)),
  };
  return { state, wrapped };
}

it('GET /api/ready answers 503 while the database is unreachable and ready again once it is back', async () => {
  await t.close();
  let control: ReturnType<typeof switchableDb> | undefined;
  t = await createTestApp({
    wrapDb: (db) => {
      control = switchableDb(db);
      return control.wrapped;
    },
  });
  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });
  expect((await ready()).statusCode).toBe(200);
  if (!control) throw new Error('the app did not get the switchable database');
  control.state.down = true;
  const down = await ready();
  expect(down.statusCode).toBe(503);
  expect(down.json()).toEqual({ message: NOT_READY_MESSAGE });
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  control.state.down = false;
  const back = await ready();
  expect(back.statusCode).toBe(200);
  expect(back.json()).toEqual({ status: 'ready' });
});

/** Runs `sql` as the PostgreSQL test server's administrator. */
async function asAdmin(sql: string, params: unknown[] = []): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql, params);
  } finally {
    await admin.end();
  }
}

// Needs the PostgreSQL test server (CI always has one), whichever project runs it.
it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
  'on PostgreSQL: 503 while the server refuses connections, ready again by itself once it accepts them',
  async () => {
    const database = await createPostgresTestDatabase();
    const db = openPostgres({ connectionString: database.url });
    const app = await buildApp({ env: testEnv(), db, logger: false });
    try {
      const { name } = await db.one<{ name: string }>('select current_database() as name');
      const ready = () => app.inject({ method: 'GET', url: '/api/ready' });
      expect((await ready()).statusCode).toBe(200);

      await asAdmin(`alter database "${name}" allow_connections false`);
      await asAdmin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      try {
        const down = await ready();
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ message: NOT_READY_MESSAGE });
      } finally {
        await asAdmin(`alter database "${name}" allow_connections true`);
      }
      const back = await ready();
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ status: 'ready' });
    } finally {
      await app.close();
      await db.close();
      await database.drop();
    }
  },
);
