import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type IssuedSticker, issueStickersReply, STICKER_ISSUE_MAX } from '@app/contract/accounts';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open-db';
import { type Env, EnvError, parseEnv } from '../env';
import { issueStickers } from '../modules/stickers/repository';
import { loopbackHost } from './loopback';
import { ADMIN_TOKEN_HEADER, processAlive, readServerInfo, type ServerInfo } from './server-info';

const USAGE = `Usage: npm run stickers -- issue --count N

Issues N new stickers (1 to ${STICKER_ISSUE_MAX}), each with a unique sign reference and a
prefix number, and prints them as CSV (signRef,prefixNo) for the printer.
When a server is running on this DATA_DIR, the stickers are issued through it (the embedded
database belongs to that server); otherwise the database is opened directly.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export function parseArgs(args: readonly string[]): { count: number } {
  const [command, ...rest] = args;
  if (command !== 'issue') throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  let value: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--count') value = rest[++i];
    else if (arg.startsWith('--count=')) value = arg.slice('--count='.length);
    else throw new UsageError(`Unknown option: ${arg}`);
  }
  if (value === undefined) throw new UsageError('--count is required');
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > STICKER_ISSUE_MAX) {
    throw new UsageError(`--count must be a whole number from 1 to ${STICKER_ISSUE_MAX}`);
  }
  return { count };
}

export function toCsv(stickers: readonly IssuedSticker[]): string {
  return ['signRef,prefixNo', ...stickers.map((s) => `${s.signRef},${s.prefixNo}`)].join('\n').concat('\n');
}

async function issueThroughServer(info: ServerInfo & { adminToken: string }, count: number) {
  const host = loopbackHost(info.host);
  if (!host) {
    throw new Error(
      `The server (pid ${info.pid}) listens on ${info.host} only, so it cannot be asked from this machine's loopback address. ` +
        'Run it with HOST=127.0.0.1 or 0.0.0.0, or stop it and run this command again.',
    );
  }
  const url = `http://${host}:${info.port}/api/admin/stickers`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_TOKEN_HEADER]: info.adminToken },
      body: JSON.stringify({ count }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    throw new Error(
      `A server (pid ${info.pid}) holds the database but did not answer at ${url} (${(error as Error).message}). ` +
        'Wait until it has started, or stop it, and run this command again.',
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = typeof body === 'object' && body && 'message' in body ? String(body.message) : '';
    throw new Error(`The server refused to issue stickers: ${response.status} ${message}`.trim());
  }
  return issueStickersReply.parse(body).stickers;
}

async function issueDirectly(env: Env, count: number): Promise<IssuedSticker[]> {
  // The embedded database lives in DATA_DIR/pgdata; like the server, make DATA_DIR on first use.
  if (!env.databaseUrl) await mkdir(env.dataDir, { recursive: true });
  const db = await openDb(env);
  try {
    await migrate(db);
    return await db.transaction((tx) => issueStickers(tx, count));
  } finally {
    await db.close();
  }
}

export interface CliResult {
  stickers: IssuedSticker[];
  /** How they were issued, for the operator's information. */
  via: 'server' | 'database';
}

/**
 * Issues the stickers: through the running server of this DATA_DIR when there is one (PGlite
 * is one process's database), else straight into the database (always so with DATABASE_URL,
 * where a PostgreSQL server takes any number of clients).
 */
export async function issueStickersCli(args: readonly string[], source = process.env): Promise<CliResult> {
  const { count } = parseArgs(args);
  const env = parseEnv(source);
  if (!env.databaseUrl) {
    const info = await readServerInfo(env.dataDir);
    if (info && processAlive(info.pid))
      return { stickers: await issueThroughServer(info, count), via: 'server' };
  }
  return { stickers: await issueDirectly(env, count), via: 'database' };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  try {
    const { stickers, via } = await issueStickersCli(args);
    process.stdout.write(toCsv(stickers));
    console.error(
      `Issued ${stickers.length} sticker${stickers.length === 1 ? '' : 's'} ${
        via === 'server' ? 'through the running server' : 'directly in the database'
      }.`,
    );
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
