import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../db/open-db';
import { repoRoot } from '../env';
import { startServer } from '../start-server';
import { freePort } from '../test/free-port';
import { tempDir } from '../test/temp-dir';
import { testEnv } from '../test/test-app';
import { createTestDb, testDbKind } from '../test/test-db';
import { readServerInfo, writeServerInfo } from './server-info';
import { issueStickersCli, parseArgs, toCsv, UsageError } from './stickers';

const cliEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stickers.ts');

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliEntry, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Rows of the printed CSV after its header. */
function csvRows(csv: string): string[][] {
  const [header, ...rows] = csv.trim().split('\n');
  expect(header).toBe('signRef,prefixNo');
  return rows.map((row) => row.split(','));
}

const STICKER_ROW = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4},[A-HJ-NP-Z]{3}\d{5}$/;

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('npm run stickers -- issue --count N', () => {
  it('reads its arguments and says what is wrong with them', () => {
    expect(parseArgs(['issue', '--count', '25'])).toEqual({ count: 25 });
    expect(parseArgs(['issue', '--count=3'])).toEqual({ count: 3 });
    for (const [args, message] of [
      [[], 'No command given'],
      [['print'], 'Unknown command: print'],
      [['issue'], '--count is required'],
      [['issue', '--count', '0'], '--count must be a whole number from 1 to 10000'],
      [['issue', '--count', '2.5'], '--count must be a whole number from 1 to 10000'],
      [['issue', '--count', '10001'], '--count must be a whole number from 1 to 10000'],
      [['issue', '--colour', 'red'], 'Unknown option: --colour'],
    ] as const) {
      expect(() => parseArgs(args)).toThrow(new UsageError(message));
    }
    expect(toCsv([{ signRef: 'K7QM-3XWD-P9TE', prefixNo: 'KQT40817' }])).toBe(
      'signRef,prefixNo\nK7QM-3XWD-P9TE,KQT40817\n',
    );
  });

  it('without a running server it opens the database itself (a stale server.json is ignored)', async () => {
    const dataDir = await tempDir('stickers-direct');
    await writeServerInfo(dataDir, { pid: deadPid(), port: 9, host: '127.0.0.1' }, 'old-token');
    let source: Record<string, string> = { DATA_DIR: dataDir };
    let dropDatabase: (() => Promise<void>) | undefined;
    if (testDbKind() === 'postgres') {
      // DATABASE_URL: a fresh database the command must migrate before issuing.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `cli_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database "${name}"`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      source = { ...source, DATABASE_URL: url.toString() };
      dropDatabase = async () => {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      };
    }
    try {
      const first = await issueStickersCli(['issue', '--count', '40'], source);
      const second = await issueStickersCli(['issue', '--count=25'], source);
      expect([first.via, second.via]).toEqual(['database', 'database']);
      const all = [...first.stickers, ...second.stickers];
      expect(all).toHaveLength(65);
      expect(new Set(all.map((s) => s.signRef)).size).toBe(65);
      for (const row of csvRows(toCsv(all))) expect(row.join(',')).toMatch(STICKER_ROW);

      const db = await openDb({ dataDir, databaseUrl: source.DATABASE_URL });
      try {
        const stored = await db.query<{ sign_ref: string; prefix_no: string }>(
          'select sign_ref, prefix_no from stickers where site_id is null order by id',
        );
        expect(stored.map((s) => ({ signRef: s.sign_ref, prefixNo: s.prefix_no })).sort(bySignRef)).toEqual(
          [...all].sort(bySignRef),
        );
      } finally {
        await db.close();
      }
    } finally {
      await dropDatabase?.();
    }
  });

  it('creates DATA_DIR for the embedded database when it does not exist yet, as the server does', async () => {
    const dataDir = path.join(await tempDir('stickers-fresh'), 'not', 'yet', 'data');
    const result = await runCli(['issue', '--count', '2'], { DATA_DIR: dataDir });
    expect(result.stderr).toContain('Issued 2 stickers directly in the database.');
    expect(result.code).toBe(0);
    const rows = csvRows(result.stdout);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.join(',')).toMatch(STICKER_ROW);
    expect((await stat(path.join(dataDir, 'pgdata'))).isDirectory()).toBe(true);
  });

  it('with the server running on the embedded database, the command issues through it', async () => {
    const dataDir = await tempDir('stickers-server');
    const port = await freePort();
    const db = await createTestDb();
    const server = await startServer({ env: testEnv({ port, dataDir }), db, logger: false });
    try {
      const info = await readServerInfo(dataDir);
      expect(info).toEqual({ pid: process.pid, port, host: '127.0.0.1', adminToken: server.app.adminToken });
      expect((await stat(path.join(dataDir, 'admin-token'))).mode & 0o777).toBe(0o600);

      const result = await runCli(['issue', '--count', '3'], { DATA_DIR: dataDir });
      expect(result.stderr).toContain('Issued 3 stickers through the running server.');
      expect(result.code).toBe(0);
      const rows = csvRows(result.stdout);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.join(',')).toMatch(STICKER_ROW);
      const stored = await db.query<{ sign_ref: string }>(
        'select sign_ref from stickers where sign_ref = any($1)',
        [rows.map((r) => r[0])],
      );
      expect(stored).toHaveLength(3);
    } finally {
      await server.close();
    }
    expect(await readServerInfo(dataDir)).toBeUndefined();
  });

  it('a server that holds the database but does not answer is reported, and the database left alone', async () => {
    const dataDir = await tempDir('stickers-silent');
    await writeServerInfo(dataDir, { pid: process.pid, port: await freePort(), host: '127.0.0.1' }, 'token');
    await expect(issueStickersCli(['issue', '--count', '1'], { DATA_DIR: dataDir })).rejects.toThrow(
      /holds the database but did not answer/,
    );
    const usage = await runCli(['issue'], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run stickers -- issue --count N');
  });
});

const bySignRef = (a: { signRef: string }, b: { signRef: string }) => a.signRef.localeCompare(b.signRef);
