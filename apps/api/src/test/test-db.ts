import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import type { Db } from '../db/db';
import { migrate, readMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';

/** The database the API tests run on: `TEST_DB=pglite` (default) or `postgres` with TEST_DATABASE_URL. */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** Changes whenever a migration or the PGlite version changes, so a stale template is never used. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteMain = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(pgliteMain), '..', 'package.json')));
  for (const migration of await readMigrations()) hash.update(`${migration.name}\0${migration.sql}\0`);
  return hash.digest('hex').slice(0, 16);
}

// A cold PGlite start (initdb) plus migrations takes seconds; loading a dump of a migrated one a
// fraction of that. The dump is kept on disk, gzipped, so parallel workers and later runs share it;
// each worker holds it unzipped (about 40 MB), which halves what every test database's start costs.
let pgliteTemplate: Promise<Blob> | undefined;

async function buildPgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), 'sign-register-test-db', `pglite-${await templateKey()}.tar.gz`);
  try {
    // A copy: a Blob takes only a view of a plain (not shared) ArrayBuffer.
    return new Blob([new Uint8Array(gunzipSync(await readFile(file)))], { type: 'application/x-tar' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const db = await openPglite();
  try {
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, gzipSync(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await db.close();
  }
}

async function createPgliteTestDb(): Promise<Db> {
  pgliteTemplate ??= buildPgliteTemplate();
  return openPglite({ loadDataDir: await pgliteTemplate });
}

const TEMPLATE_LOCK_KEY = 7_310_482_002;

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` on an admin connection, holding the template lock if asked (parallel workers queue there). */
async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>, { lock }: { lock: boolean }): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    if (lock) await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

async function ensurePostgresTemplate(): Promise<string> {
  const name = `test_template_${await templateKey()}`;
  await withAdmin(
    async (admin) => {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      // Built under another name and renamed when complete: a crash midway leaves no half template.
      const building = `${name}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database "${building}"`);
      const db = openPostgres({ connectionString: databaseUrl(building), max: 1 });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    },
    { lock: true },
  );
  return name;
}

export interface TestDatabase {
  /** Its connection URL, for code that opens its own pool (a second server instance). */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database (TEST_DATABASE_URL's server), copied from the template. */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  postgresTemplate ??= ensurePostgresTemplate();
  const template = await postgresTemplate;
  const name = `test_${randomBytes(6).toString('hex')}`;
  // Copying a template fails while another session is connected to it, so creations queue too.
  await withAdmin((admin) => admin.query(`create database "${name}" template "${template}"`), { lock: true });
  return {
    url: databaseUrl(name),
    async drop() {
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`), {
        lock: false,
      });
    },
  };
}

async function createPostgresTestDb(): Promise<Db> {
  const database = await createPostgresTestDatabase();
  const db = openPostgres({ connectionString: database.url, max: 5 });
  let closed: Promise<void> | undefined;
  return {
    ...db,
    close() {
      closed ??= db.close().then(() => database.drop());
      return closed;
    },
  };
}

/** A fresh, migrated database of its own for the caller; `close()` discards it. */
export function createTestDb(): Promise<Db> {
  return testDbKind() === 'postgres' ? createPostgresTestDb() : createPgliteTestDb();
}
