import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { createTestDb } from './test-db';

// Test databases are handed from one test to the next once closed: what the next test gets must
// look exactly like a fresh copy of the migrated template, or tests would see each other's rows.

const opened: Db[] = [];
async function open(): Promise<Db> {
  const db = await createTestDb();
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

const companyNames = (db: Db) =>
  db.query<{ id: number; name: string }>('select id, name from companies order by id');

describe('a test database', () => {
  it('starts empty with identities at 1 after an earlier test filled, locked and set up its own', async () => {
    const first = await open();
    await first.query(`insert into companies (name) values ('Corner Shop'), ('Fish Bar')`);
    await first.prepared('test_db_names', 'select name from companies where id = $1', [1]);
    await first.query('select pg_advisory_lock(42)');
    await first.close();

    const next = await open();
    expect(await companyNames(next)).toEqual([]);
    expect(await next.query('select name from pg_prepared_statements')).toEqual([]);
    expect(
      await next.query(
        `select 1 from pg_locks where locktype = 'advisory'
          and database = (select oid from pg_database where datname = current_database())`,
      ),
    ).toEqual([]);
    await next.query(`insert into companies (name) values ('Bakery')`);
    expect(await companyNames(next)).toEqual([{ id: 1, name: 'Bakery' }]);
    const migrations = await next.one<{ n: number }>('select count(*) as n from schema_migrations');
    expect(migrations.n).toBeGreaterThan(0);
  });

  it('refuses every call once closed, as a closed database does, so a late call reaches no other test', async () => {
    const db = await open();
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow();
    const next = await open();
    expect(await next.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('is not handed on with a trigger a test added: the next test gets the template’s schema', async () => {
    const first = await open();
    await first.exec(`
      create function refuse_all() returns trigger language plpgsql as $$
      begin raise exception 'refused'; end $$;
      create trigger refuse_all before insert on companies for each row execute function refuse_all();
    `);
    await first.close();
    const next = await open();
    await next.query(`insert into companies (name) values ('Corner Shop')`);
    expect(await companyNames(next)).toEqual([{ id: 1, name: 'Corner Shop' }]);
    expect(await next.query(`select 1 from pg_trigger where tgname = 'refuse_all'`)).toEqual([]);
  });
});
