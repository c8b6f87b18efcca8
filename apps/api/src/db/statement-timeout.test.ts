import { UNAVAILABLE_MESSAGE } from '@app/contract/errors';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testEnv } from '../test/test-app';
import { createPostgresTestDatabase, testDbKind } from '../test/test-db';
import { DatabaseUnavailableError } from './db';
import { openPostgres } from './postgres';

describe.runIf(testDbKind() === 'postgres')('the statement timeout (PostgreSQL)', () => {
  it('answers 503 { message } when a statement runs past it, and leaves /api/ready as it was', async () => {
    const database = await createPostgresTestDatabase();
    const db = openPostgres({ connectionString: database.url, statementTimeoutMs: 300 });
    const app = await buildApp({ env: testEnv({ dbStatementTimeoutMs: 300 }), db, logger: false });
    app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
      await app.db.query('select pg_sleep(3)');
      return { slept: true };
    });
    try {
      const slow = await app.inject({ method: 'GET', url: '/api/test/slow' });
      expect(slow.statusCode).toBe(503);
      expect(slow.json()).toEqual({ message: UNAVAILABLE_MESSAGE });

      // Inside a transaction too; the pool is usable again afterwards.
      await expect(db.transaction((tx) => tx.query('select pg_sleep(3)'))).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);

      // Migrations and seeds wait as long as they must.
      expect(
        await db.transaction((tx) => tx.query('select pg_sleep(0.5), 1 as done'), { unbounded: true }),
      ).toEqual([{ pg_sleep: '', done: 1 }]);
    } finally {
      await app.close();
      await db.close();
      await database.drop();
    }
  });
});
