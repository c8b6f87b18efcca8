import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import type { Db, Queryable } from '../db/db';
import { migrate, readMigrations } from '../db/migrate';
import { openPglite, type PgliteDb } from '../db/pglite';
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

// Opening a database from the template still costs about a second here, and the API suite opens
// several hundred; emptying a used one costs a few milliseconds. So a database a test has closed is
// emptied back to the template's state and handed to the next test of the same worker, unless the
// test changed its schema (a trigger of its own, say): then it is thrown away. What a test sees is
// the same as a fresh copy of the template: the same tables, every one empty but the record of
// migrations, identities starting again at 1, no advisory lock or setting left over.

/** The one table the template holds rows in: the migrations already applied. */
const KEPT_TABLE = 'schema_migrations';

/** A digest of everything a test could change in the schema, and of the migrations recorded. */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
    select 'r ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce((
      select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull
          || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' order by a.attnum)
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '')
    from pg_class c where c.relnamespace = 'public'::regnamespace
    union all select 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    from pg_proc p where p.pronamespace = 'public'::regnamespace
    union all select 't ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
    from pg_trigger where not tgisinternal
    union all select 'k ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'm ' || count(*) || ' ' || coalesce(max(name), '') from ${KEPT_TABLE}
  ) items (item)`;

async function schemaFingerprint(db: Queryable): Promise<string> {
  return (await db.one<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).fingerprint;
}

/** Every table but the record of migrations, emptied, with their identities starting again. */
async function emptyTables(db: Queryable): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> $1`,
    [KEPT_TABLE],
  );
  await db.exec(`truncate ${tables.map((table) => table.name).join(', ')} restart identity cascade`);
}

/** Empties `db` back to the template's state; false (nothing emptied) when a test changed its schema. */
async function emptiedLikeTemplate(db: Queryable, template: Promise<string> | undefined): Promise<boolean> {
  if ((await schemaFingerprint(db)) !== (await template)) return false;
  await emptyTables(db);
  return true;
}

/** How long a closing test's own calls may take to finish before its database is thrown away. */
const SETTLE_MS = 5_000;

let templateFingerprint: Promise<string> | undefined;
const idlePglites: PgliteDb[] = [];
/** More idle ones than tests that hold two or three at once would only take memory. */
const MAX_IDLE_PGLITES = 3;

/** Empties a PGlite a test has closed and keeps it for the next test, or closes it for good. */
async function returnPglite(db: PgliteDb, settled: boolean): Promise<void> {
  try {
    if (
      settled &&
      idlePglites.length < MAX_IDLE_PGLITES &&
      (await emptiedLikeTemplate(db, templateFingerprint))
    ) {
      await db.exec('reset all; select pg_advisory_unlock_all();');
      await db.deallocateAll();
      idlePglites.push(db);
      return;
    }
  } catch {
    // A database that cannot be emptied is not handed on.
  }
  await db.close();
}

/**
 * The caller's view of a pooled PGlite: once closed it refuses every call as a closed PGlite does,
 * so a late call of a closed app never reaches the next test's data; closing waits for the calls
 * under way and stops what was listening.
 */
function leasePglite(db: PgliteDb): Db {
  let closed: Promise<void> | undefined;
  const underWay = new Set<Promise<unknown>>();
  const stops = new Set<() => Promise<void>>();
  const dump = db.dumpDataDir?.bind(db);
  const guard = <T>(work: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('PGlite is closed'));
    const call = work();
    underWay.add(call);
    const forget = () => underWay.delete(call);
    call.then(forget, forget);
    return call;
  };
  return {
    kind: db.kind,
    query: (sql, params) => guard(() => db.query(sql, params)),
    one: (sql, params) => guard(() => db.one(sql, params)),
    maybeOne: (sql, params) => guard(() => db.maybeOne(sql, params)),
    exec: (sql) => guard(() => db.exec(sql)),
    prepared: (name, sql, params) => guard(() => db.prepared(name, sql, params)),
    transaction: (fn, options) => guard(() => db.transaction(fn, options)),
    async listen(channel, handlers) {
      const stop = await guard(() => db.listen(channel, handlers));
      let stopped: Promise<void> | undefined;
      const once = () => {
        stopped ??= stop();
        stops.delete(once);
        return stopped;
      };
      stops.add(once);
      return once;
    },
    ...(dump ? { dumpDataDir: () => guard(dump) } : {}),
    poolStats: () => (closed ? { total: 0, idle: 0, waiting: 0 } : db.poolStats()),
    close() {
      closed ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const settled = await Promise.race([
          Promise.allSettled([...underWay]).then(() => true),
          new Promise<false>((r) => {
            timer = setTimeout(r, SETTLE_MS, false);
          }),
        ]);
        clearTimeout(timer);
        for (const stop of [...stops]) await stop().catch(() => undefined);
        await returnPglite(db, settled);
      })();
      return closed;
    },
  };
}

async function createPgliteTestDb(): Promise<Db> {
  const idle = idlePglites.pop();
  if (idle) return leasePglite(idle);
  pgliteTemplate ??= buildPgliteTemplate();
  const db = await openPglite({ loadDataDir: await pgliteTemplate });
  templateFingerprint ??= schemaFingerprint(db);
  await templateFingerprint;
  return leasePglite(db);
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

/** A new database copied from the migrated template, named `prefix` and a random suffix. */
async function copyTemplate(prefix: string): Promise<string> {
  postgresTemplate ??= ensurePostgresTemplate();
  const template = await postgresTemplate;
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  // Copying a template fails while another session is connected to it, so creations queue too.
  await withAdmin((admin) => admin.query(`create database "${name}" template "${template}"`), { lock: true });
  return name;
}

/** A fresh, migrated PostgreSQL database (TEST_DATABASE_URL's server), copied from the template. */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const name = await copyTemplate('test_');
  return {
    url: databaseUrl(name),
    async drop() {
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`), {
        lock: false,
      });
    },
  };
}

// As with PGlite, a database a test has closed is emptied and handed to the next test of the same
// process instead of being dropped and copied again. Its name carries the process id, so databases
// a finished run left idle are dropped by the next one.
const POOLED_PREFIX = 'test_pool_';
const MAX_IDLE_POSTGRES = 3;
const idlePostgres: string[] = [];
let postgresFingerprint: Promise<string> | undefined;
let leftoversDropped: Promise<void> | undefined;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops the pooled databases of test processes that have ended. */
async function dropLeftovers(): Promise<void> {
  await withAdmin(
    async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [POOLED_PREFIX],
      );
      for (const { datname } of rows) {
        const pid = Number(datname.slice(POOLED_PREFIX.length).split('_')[0]);
        if (!isRunning(pid)) await admin.query(`drop database if exists "${datname}" with (force)`);
      }
    },
    { lock: false },
  );
}

/** Runs `fn` on one connection of the named database. */
async function withDatabase<T>(name: string, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const db = openPostgres({ connectionString: databaseUrl(name), max: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function newPooledDatabase(): Promise<string> {
  leftoversDropped ??= dropLeftovers();
  await leftoversDropped;
  const name = await copyTemplate(`${POOLED_PREFIX}${process.pid}_`);
  postgresFingerprint ??= withDatabase(name, schemaFingerprint);
  await postgresFingerprint;
  return name;
}

/** Empties a database a test has closed and keeps it for the next test, or drops it. */
async function returnPostgres(name: string): Promise<void> {
  try {
    if (idlePostgres.length < MAX_IDLE_POSTGRES) {
      const kept = await withDatabase(name, async (db) => {
        // Sessions left behind (a listener, a second pool) end first, with their advisory locks.
        await db.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return emptiedLikeTemplate(db, postgresFingerprint);
      });
      if (kept) {
        idlePostgres.push(name);
        return;
      }
    }
  } catch {
    // A database that cannot be emptied is not handed on.
  }
  await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`), { lock: false });
}

async function createPostgresTestDb(): Promise<Db> {
  const name = idlePostgres.pop() ?? (await newPooledDatabase());
  const db = openPostgres({ connectionString: databaseUrl(name), max: 5 });
  let closed: Promise<void> | undefined;
  return {
    ...db,
    close() {
      closed ??= db.close().then(() => returnPostgres(name));
      return closed;
    },
  };
}

/**
 * A migrated database of its own for the caller, as fresh as a copy of the template; `close()`
 * empties it for the next test of this process (or discards it).
 */
export function createTestDb(): Promise<Db> {
  return testDbKind() === 'postgres' ? createPostgresTestDb() : createPgliteTestDb();
}
