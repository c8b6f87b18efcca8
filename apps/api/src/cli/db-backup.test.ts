import { randomBytes } from 'node:crypto';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDb, pgliteDataDir } from '../db/open-db';
import { openPglite } from '../db/pglite';
import { parseEnv } from '../env';
import { issueStickers } from '../modules/stickers/repository';
import { startServer } from '../start-server';
import { freePort } from '../test/free-port';
import { tempDir } from '../test/temp-dir';
import { testEnv } from '../test/test-app';
import { backup, parseArgs, restore, UsageError } from './db-backup';

async function stickerRefs(dataDir: string, databaseUrl?: string): Promise<string[]> {
  const db = await openDb({ dataDir, databaseUrl });
  try {
    const rows = await db.query<{ sign_ref: string }>('select sign_ref from stickers order by sign_ref');
    return rows.map((r) => r.sign_ref);
  } finally {
    await db.close();
  }
}

async function issue(dataDir: string, count: number, databaseUrl?: string): Promise<void> {
  const db = await openDb({ dataDir, databaseUrl });
  try {
    await migrate(db);
    await db.transaction((tx) => issueStickers(tx, count));
  } finally {
    await db.close();
  }
}

describe('npm run db:backup and db:restore', () => {
  it('read their arguments and say what is wrong with them', () => {
    expect(parseArgs(['backup'])).toEqual({ command: 'backup' });
    expect(parseArgs(['backup', '--out', 'x.tar.gz'])).toEqual({ command: 'backup', out: 'x.tar.gz' });
    expect(parseArgs(['restore', 'x.tar.gz'])).toEqual({ command: 'restore', file: 'x.tar.gz' });
    for (const [args, message] of [
      [[], 'No command given'],
      [['copy'], 'Unknown command: copy'],
      [['backup', '--out'], '--out needs a file name'],
      [['backup', '--zip'], 'Unknown option: --zip'],
      [['restore'], 'Name the backup file to restore'],
      [['restore', 'a', 'b'], 'Unknown option: b'],
    ] as const) {
      expect(() => parseArgs(args)).toThrow(new UsageError(message));
    }
  });

  it('the embedded database: a backup taken, rows changed, the backup restored gives the rows back', async () => {
    const dataDir = await tempDir('backup-pglite');
    const env = parseEnv({ DATA_DIR: dataDir });
    await issue(dataDir, 5);
    const before = await stickerRefs(dataDir);

    const { file, bytes } = await backup(env, undefined, new Date('2026-11-22T08:05:09Z'));
    expect(file).toBe(path.join(dataDir, 'backups', '20261122-080509.tar.gz'));
    expect((await stat(file)).size).toBe(bytes);

    await issue(dataDir, 3);
    expect(await stickerRefs(dataDir)).toHaveLength(8);

    const { previous } = await restore(env, file, new Date('2026-11-22T09:00:00Z'));
    expect(previous).toBe(`${pgliteDataDir(dataDir)}.before-restore-20261122-090000`);
    expect(await stickerRefs(dataDir)).toEqual(before);
    // The replaced database is kept, whole.
    const kept = await openPglite({ dataDir: previous });
    try {
      expect(await kept.query('select 1 from stickers')).toHaveLength(8);
    } finally {
      await kept.close();
    }
  });

  it('a damaged backup file is refused and the current database left as it was', async () => {
    const dataDir = await tempDir('backup-damaged');
    const env = parseEnv({ DATA_DIR: dataDir });
    await issue(dataDir, 2);
    const before = await stickerRefs(dataDir);
    const damaged = path.join(dataDir, 'damaged.tar.gz');
    await writeFile(damaged, randomBytes(4096));
    await expect(restore(env, damaged)).rejects.toThrow(/is not a backup of the embedded database/);
    await expect(restore(env, path.join(dataDir, 'missing.tar.gz'))).rejects.toThrow(/No backup file at/);
    expect(await stickerRefs(dataDir)).toEqual(before);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('pgdata'))).toEqual(['pgdata']);
  });

  it('while the server runs, the backup comes through it, and a restore is refused', async () => {
    const dataDir = await tempDir('backup-server');
    const port = await freePort();
    const db = await openDb({ dataDir, databaseUrl: undefined });
    const server = await startServer({ env: testEnv({ port, dataDir }), db, logger: false });
    const env = parseEnv({ DATA_DIR: dataDir });
    let file: string;
    let issued: string[];
    try {
      issued = (await db.transaction((tx) => issueStickers(tx, 4))).map((s) => s.signRef);
      ({ file } = await backup(env, path.join(dataDir, 'live.tar.gz')));
      await expect(restore(env, file)).rejects.toThrow(/stop it before restoring/);
      const refused = await server.app.inject({ method: 'GET', url: '/api/admin/backup' });
      expect(refused.statusCode).toBe(401);
    } finally {
      await server.close();
    }
    const restoredDir = await tempDir('backup-server-restored');
    await restore(parseEnv({ DATA_DIR: restoredDir }), file);
    expect(await stickerRefs(restoredDir)).toEqual(await stickerRefs(dataDir));
    expect(await stickerRefs(restoredDir)).toEqual(expect.arrayContaining(issued));
    // The server's start seeds the demo data and the sister sites' content: allow for a busy machine.
  }, 120_000);

  // The embedded database's tests above need no server; this one needs the PostgreSQL test server.
  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'PostgreSQL: pg_dump and pg_restore give the rows back',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `backup_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database "${name}"`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      try {
        const dataDir = await tempDir('backup-postgres');
        const env = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
        await issue(dataDir, 5, databaseUrl);
        const before = await stickerRefs(dataDir, databaseUrl);
        const { file, bytes } = await backup(env);
        expect(file.endsWith('.pgdump')).toBe(true);
        expect(bytes).toBeGreaterThan(0);
        await issue(dataDir, 3, databaseUrl);
        await restore(env, file);
        expect(await stickerRefs(dataDir, databaseUrl)).toEqual(before);
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
  );
});
