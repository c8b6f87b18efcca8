import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { createContentTestApp, get } from '../../test/content-app';
import type { TestApp } from '../../test/test-app';
import { generatedMediaDir, wavSeconds } from './media';
import { contentSeed } from './seed';
import { defaultContentDir } from './source';

const tables = [
  'content_versions',
  'content_files',
  'content_pages',
  'content_products',
  'content_resources',
  'content_documents',
  'voice_categories',
  'voice_subcategories',
  'voice_messages',
];

/** Every row of every content table, in a fixed order, as text. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.query<{ row: string }>(`select t::text as row from ${table} t order by 1`);
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

let t: TestApp;
beforeAll(async () => {
  t = await createContentTestApp();
}, 120_000);
afterAll(() => t.close());

describe('the content seed', () => {
  it('fills every table from the files', async () => {
    const counts = await t.db.one<Record<string, number>>(
      `select (select count(*) from content_products where brand = 'dvr') as dvrs,
              (select count(*) from content_products where brand = 'nvr') as nvrs,
              (select count(*) from content_pages) as pages,
              (select count(*) from voice_messages) as messages,
              (select count(*) from content_versions) as versions`,
    );
    const dvrs = JSON.parse(
      await readFile(path.join(defaultContentDir, 'dvr', 'dvrs.json'), 'utf8'),
    ) as unknown[];
    const voice = JSON.parse(
      await readFile(path.join(defaultContentDir, 'voice', 'categories.json'), 'utf8'),
    ) as {
      messages: unknown[];
    };
    expect(counts.dvrs).toBe(dvrs.length);
    expect(counts.nvrs).toBeGreaterThanOrEqual(3);
    expect(counts.messages).toBe(voice.messages.length);
    expect(counts.versions).toBe(6);
    expect(counts.pages).toBe(7 + 8 + 4 + 1 + 1 + 4);
  });

  it('run twice leaves the same rows, and makes no file again', async () => {
    const before = await snapshot(t.db);
    const wav = path.join(generatedMediaDir(t.env.dataDir, 'voice'));
    const { path: relative } = await t.db.one<{ path: string }>(
      "select path from content_files where brand = 'voice' and kind = 'audio' order by name limit 1",
    );
    const madeAt = (await stat(path.join(wav, relative))).mtimeMs;

    await contentSeed().run(t.db, t.env);

    expect(await snapshot(t.db)).toEqual(before);
    expect((await stat(path.join(wav, relative))).mtimeMs).toBe(madeAt);
  });

  it("speaks each message into a real WAV file, renders each manual to a PDF and draws each phone's hero SVG", async () => {
    const files = await t.db.query<{
      brand: string;
      kind: string;
      path: string;
      size: number;
      content_type: string;
    }>("select brand, kind, path, size, content_type from content_files where origin = 'generated'");
    expect(files.filter((f) => f.kind === 'audio')).toHaveLength(36);
    for (const file of files) {
      const bytes = await readFile(path.join(generatedMediaDir(t.env.dataDir, file.brand), file.path));
      expect(bytes.length).toBe(file.size);
      if (file.kind === 'audio') {
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
      } else if (file.kind === 'image') {
        expect(file.content_type).toBe('image/svg+xml');
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('<svg ');
      } else {
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    }
  });

  it('gives each message the length of its recording, within a second of the catalogue', async () => {
    const source = JSON.parse(
      await readFile(path.join(defaultContentDir, 'voice', 'categories.json'), 'utf8'),
    ) as {
      messages: { id: number; durationSeconds: number }[];
    };
    const rows = await t.db.query<{ id: number; duration_seconds: number; path: string }>(
      `select m.id, m.duration_seconds, f.path
         from voice_messages m join content_files f on f.brand = m.brand and f.name = m.audio`,
    );
    for (const row of rows) {
      const bytes = await readFile(path.join(generatedMediaDir(t.env.dataDir, 'voice'), row.path));
      expect(row.duration_seconds).toBe(Math.round(wavSeconds(bytes)));
      const listed = source.messages.find((m) => m.id === row.id)?.durationSeconds ?? 0;
      expect(Math.abs(row.duration_seconds - listed)).toBeLessThanOrEqual(1);
    }
  });

  it('measures a WAV file from its header, and refuses what is not one', () => {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.write('WAVE', 8);
    header.write('fmt ', 12);
    header.writeUInt32LE(16, 16);
    header.writeUInt32LE(44_100, 28);
    header.write('data', 36);
    header.writeUInt32LE(88_200, 40);
    expect(wavSeconds(Buffer.concat([header, Buffer.alloc(88_200)]))).toBe(2);
    expect(() => wavSeconds(Buffer.from('%PDF-1.7 not audio'))).toThrow(/not a WAV file/);
  });

  it('runs on a database where the files were made by another server (same files, same rows)', async () => {
    const other = await createContentTestApp();
    try {
      expect(await snapshot(other.db)).toEqual(await snapshot(t.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('changed content', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'content-seed-'));
    await cp(defaultContentDir, dir, { recursive: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('replaces the rows and gives the brand a new version (a new ETag), leaving other brands alone', async () => {
    const versions = async () =>
      Object.fromEntries(
        (
          await t.db.query<{ brand: string; version: string }>('select brand, version from content_versions')
        ).map((row) => [row.brand, row.version]),
      );
    const before = await versions();
    const etag = (await get(t, 'ipcam', '/api/products')).headers.etag;

    const file = path.join(dir, 'ipcam', 'products.json');
    const products = JSON.parse(await readFile(file, 'utf8')) as { title: string }[];
    if (!products[0]) throw new Error('ipcam has no products');
    products[0].title = 'IPCam Scout Plus';
    await writeFile(file, JSON.stringify(products));
    await contentSeed({ contentDir: dir }).run(t.db, t.env);

    const after = await versions();
    expect(after.ipcam).not.toBe(before.ipcam);
    expect({ ...after, ipcam: undefined }).toEqual({ ...before, ipcam: undefined });
    const reply = await get(t, 'ipcam', '/api/products', { 'if-none-match': String(etag) });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual([expect.objectContaining({ title: 'IPCam Scout Plus' })]);

    await contentSeed().run(t.db, t.env);
    expect(await versions()).toEqual(before);
  });
});
