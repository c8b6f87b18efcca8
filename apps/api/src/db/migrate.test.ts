import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir';
import { createTestDb } from '../test/test-db';
import type { Db } from './db';
import { migrate, readMigrations } from './migrate';

let db: Db;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(() => db.close());

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('migrations');
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe('migrate', () => {
  it('has applied every migration file to a new database, and records each', async () => {
    const names = (await readMigrations()).map((m) => m.name);
    const rows = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(await migrate(db)).toEqual([]);
  });

  it('applies a migration once however often it runs, also when runs overlap', async () => {
    const dir = await migrationsDir({
      '0900_counter.sql': 'create table counter (n int not null); insert into counter values (1);',
      '0901_more.sql': 'insert into counter values (2);',
    });
    const runs = await Promise.all([migrate(db, dir), migrate(db, dir)]);
    expect(runs.flat().sort()).toEqual(['0900_counter', '0901_more']);
    expect(await migrate(db, dir)).toEqual([]);
    expect(await db.query('select n from counter order by n')).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('applies nothing when one migration fails, and names the file', async () => {
    const dir = await migrationsDir({
      '0900_good.sql': 'create table good (n int);',
      '0901_bad.sql': 'select * from no_such_table;',
    });
    await expect(migrate(db, dir)).rejects.toThrow(/Migration 0901_bad failed: .*no_such_table/);
    expect(await db.maybeOne("select 1 from schema_migrations where name = '0900_good'")).toBeUndefined();
    expect(await db.maybeOne("select to_regclass('good') as t")).toEqual({ t: null });
  });

  it('refuses badly named or doubly numbered files', async () => {
    await expect(readMigrations(await migrationsDir({ 'init.sql': '' }))).rejects.toThrow(
      'must be named NNNN_name.sql',
    );
    await expect(readMigrations(await migrationsDir({ '0001_a.sql': '', '0001_b.sql': '' }))).rejects.toThrow(
      'share the number 0001',
    );
  });
});
