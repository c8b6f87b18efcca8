import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../env';
import type { Db } from './db';

/** In the sources, whether the server runs from them (tsx) or from its build (apps/api/dist). */
export const migrationsDir = path.join(repoRoot, 'apps/api/src/db/migrations');

/** Any fixed number: every instance of the app must take the same lock. */
const MIGRATION_LOCK_KEY = 7_310_482_001;

export interface Migration {
  /** The file name without `.sql`, e.g. `0001_foundation`; recorded in schema_migrations. */
  name: string;
  sql: string;
}

/** The migration files in order of their number (`NNNN_name.sql`). */
export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const seen = new Set<string>();
  const migrations: Migration[] = [];
  for (const file of files) {
    const number = /^(\d{4})_[a-z0-9_-]+\.sql$/.exec(file)?.[1];
    if (!number) throw new Error(`Migration file ${file} must be named NNNN_name.sql`);
    if (seen.has(number)) throw new Error(`Two migration files share the number ${number}`);
    seen.add(number);
    migrations.push({ name: file.replace(/\.sql$/, ''), sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/**
 * Applies the migrations not yet recorded, in one transaction. The advisory lock makes instances
 * that start together wait for each other, so each migration runs once.
 * Returns the names of the migrations applied now.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const migrations = await readMigrations(dir);
  // Unbounded: waiting for another instance's migrations, or building an index, may take a while.
  return db.transaction(
    async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
      const done = new Set(
        (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.name)) continue;
        try {
          await tx.exec(migration.sql);
        } catch (error) {
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        await tx.query('insert into schema_migrations (name) values ($1)', [migration.name]);
        applied.push(migration.name);
      }
      return applied;
    },
    { unbounded: true },
  );
}
