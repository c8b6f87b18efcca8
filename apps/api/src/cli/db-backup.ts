import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { pgliteDataDir } from '../db/open-db';
import { openPglite } from '../db/pglite';
import { type Env, EnvError, parseEnv } from '../env';
import { loopbackHost } from './loopback';
import { ADMIN_TOKEN_HEADER, processAlive, readServerInfo } from './server-info';

const run = promisify(execFile);

const USAGE = `Usage:
  npm run db:backup [-- --out FILE]
  npm run db:restore -- FILE

db:backup writes a backup of the database and prints its path. With DATABASE_URL it runs
pg_dump (custom format, FILE defaults to DATA_DIR/backups/<time>.pgdump); without it, the
embedded database's data directory as a gzip tarball (DATA_DIR/backups/<time>.tar.gz), taken
through the running server when there is one.

db:restore puts a backup back. With DATABASE_URL it runs pg_restore --clean into that database
(stop every server instance first); without it, it replaces DATA_DIR/pgdata, keeping the old one
beside it as pgdata.before-restore-<time>. It refuses while a server runs on this DATA_DIR.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export type Command = { command: 'backup'; out?: string } | { command: 'restore'; file: string };

export function parseArgs(args: readonly string[]): Command {
  const [command, ...rest] = args;
  if (command === 'backup') {
    let out: string | undefined;
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i] ?? '';
      if (arg === '--out') out = rest[++i];
      else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
      else throw new UsageError(`Unknown option: ${arg}`);
      if (!out) throw new UsageError('--out needs a file name');
    }
    return out ? { command, out } : { command };
  }
  if (command === 'restore') {
    const [file, ...extra] = rest;
    if (!file || file.startsWith('-')) throw new UsageError('Name the backup file to restore');
    if (extra.length > 0) throw new UsageError(`Unknown option: ${extra[0]}`);
    return { command, file };
  }
  throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
}

/** 2026-11-22T08:05:09.123Z -> 20261122-080509 */
function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, file);
}

/** A running server of this DATA_DIR, which owns the embedded database. */
async function runningServer(dataDir: string) {
  const info = await readServerInfo(dataDir);
  return info && processAlive(info.pid) ? info : undefined;
}

async function embeddedBackup(env: Env): Promise<Uint8Array> {
  const server = await runningServer(env.dataDir);
  if (server) {
    const host = loopbackHost(server.host);
    if (!host)
      throw new Error(
        `The server (pid ${server.pid}) listens on ${server.host} only and cannot be asked from this machine. Stop it and run the backup again.`,
      );
    const response = await fetch(`http://${host}:${server.port}/api/admin/backup`, {
      headers: { [ADMIN_TOKEN_HEADER]: server.adminToken },
      signal: AbortSignal.timeout(300_000),
    });
    if (!response.ok)
      throw new Error(`The server refused the backup: ${response.status} ${await response.text()}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  const db = await openPglite({ dataDir: pgliteDataDir(env.dataDir) });
  try {
    const dump = await db.pglite.dumpDataDir('gzip');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await db.close();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
}

export async function backup(env: Env, out?: string, now = new Date()): Promise<BackupResult> {
  const backups = path.join(env.dataDir, 'backups');
  if (env.databaseUrl) {
    const file = path.resolve(out ?? path.join(backups, `${stamp(now)}.pgdump`));
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    try {
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', partial, '--dbname', env.databaseUrl]);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw toolError('pg_dump', error);
    }
    return { file, bytes: (await stat(file)).size };
  }
  const file = path.resolve(out ?? path.join(backups, `${stamp(now)}.tar.gz`));
  const bytes = await embeddedBackup(env);
  await writeAtomically(file, bytes);
  return { file, bytes: bytes.length };
}

export async function restore(env: Env, file: string, now = new Date()): Promise<{ previous?: string }> {
  const source = path.resolve(file);
  await stat(source).catch(() => {
    throw new Error(`No backup file at ${source}`);
  });
  if (env.databaseUrl) {
    try {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--dbname',
        env.databaseUrl,
        source,
      ]);
    } catch (error) {
      throw toolError('pg_restore', error);
    }
    return {};
  }
  const server = await runningServer(env.dataDir);
  if (server)
    throw new Error(
      `A server (pid ${server.pid}) is running on ${env.dataDir}: stop it before restoring the embedded database.`,
    );
  const target = pgliteDataDir(env.dataDir);
  const staging = `${target}.restoring`;
  await rm(staging, { recursive: true, force: true });
  const archive = await readFile(source);
  try {
    gunzipSync(archive);
  } catch (error) {
    throw new Error(`${source} is not a backup of the embedded database (${(error as Error).message})`);
  }
  // Unpacked and opened aside first, so a damaged file leaves the current database alone.
  const db = await openPglite({
    dataDir: staging,
    loadDataDir: new Blob([archive], { type: 'application/x-gzip' }),
  }).catch(async (error: unknown) => {
    await rm(staging, { recursive: true, force: true });
    throw new Error(`${source} is not a backup of the embedded database (${(error as Error).message})`);
  });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  const previous = `${target}.before-restore-${stamp(now)}`;
  const hadDatabase = await stat(target).then(
    () => true,
    () => false,
  );
  if (hadDatabase) await rename(target, previous);
  await rename(staging, target);
  return hadDatabase ? { previous } : {};
}

function toolError(tool: string, error: unknown): Error {
  const failure = error as NodeJS.ErrnoException & { stderr?: string };
  if (failure.code === 'ENOENT')
    return new Error(
      `${tool} is needed with DATABASE_URL: install the PostgreSQL client (apt-get install postgresql-client).`,
    );
  return new Error(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  try {
    const command = parseArgs(args);
    const env = parseEnv(process.env);
    if (command.command === 'backup') {
      const { file, bytes } = await backup(env, command.out);
      console.log(file);
      console.error(`Backed up the ${env.databaseUrl ? 'PostgreSQL' : 'embedded'} database: ${bytes} bytes.`);
    } else {
      const { previous } = await restore(env, command.file);
      console.error(
        `Restored ${command.file}.${previous ? ` The database it replaced is kept at ${previous}.` : ''}`,
      );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) await main();
