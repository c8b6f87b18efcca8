import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/temp-dir';
import { evidencePack, safeEntryName, uniqueNames } from './evidence-pack';
import { parseRange } from './release-service';

const exec = promisify(execFile);

describe('names in the evidence pack', () => {
  it('keeps every name inside the archive, whatever separators or dots it holds', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeEntryName('..\\x')).toBe('_x');
    expect(safeEntryName('C:\\Windows\\evil.exe')).toBe('C__Windows_evil.exe');
    expect(safeEntryName('/abs/path.mp4')).toBe('_abs_path.mp4');
    expect(safeEntryName('...')).toBe('file');
    expect(safeEntryName('clip\u0000\n.mp4')).toBe('clip.mp4');
    for (const name of ['../../etc/passwd', '..\\x', '..', '.', 'a/../../b']) {
      const safe = safeEntryName(name);
      expect(safe).not.toMatch(/[/\\]/);
      expect(safe.startsWith('.')).toBe(false);
    }
  });

  it('makes repeated names unique', () => {
    expect(uniqueNames(['gate.mp4', 'gate.mp4', 'GATE.mp4', 'x'])).toEqual([
      'gate.mp4',
      'gate (2).mp4',
      'GATE (3).mp4',
      'x',
    ]);
  });

  it('writes hostile names as plain entries that unzip keeps inside its folder', async () => {
    const file = (name: string, text: string) => ({
      filename: name,
      sha256: '0'.repeat(64),
      sizeBytes: Buffer.byteLength(text),
      open: async () => Readable.from([Buffer.from(text)]),
    });
    const pack = await evidencePack({
      reference: 'R-7KX4-M2QD',
      operator: 'Acme Parking',
      releasedAt: '2026-11-27T12:00:00.000Z',
      files: [file('../../etc/passwd', 'one'), file('..\\x', 'two')],
      letter: file('letter.pdf', '%PDF-'),
    });
    const bytes = await buffer(pack.stream);
    expect(pack.size).toBe(bytes.length);
    const zip = path.join(await tempDir('pack'), 'pack.zip');
    await writeFile(zip, bytes);
    const { stdout } = await exec('unzip', ['-Z1', zip]);
    expect(stdout.trim().split('\n').sort()).toEqual(
      ['README.txt', 'files/_.._etc_passwd', 'files/_x', 'letter.pdf', 'manifest.json'].sort(),
    );
  });
});

describe('a pack whose file fails', () => {
  const facts = (open: () => Promise<Readable>) => ({
    reference: 'R-7KX4-M2QD',
    operator: 'Acme Parking',
    releasedAt: '2026-11-27T12:00:00.000Z',
    files: [{ filename: 'gate.mp4', sha256: '0'.repeat(64), sizeBytes: 10, open }],
    letter: {
      filename: 'letter.pdf',
      sha256: '0'.repeat(64),
      sizeBytes: 5,
      open: async () => Readable.from([Buffer.from('%PDF-')]),
    },
  });

  it('fails the download, not the server, when a file breaks off, is short or cannot be opened', async () => {
    const broken = new Readable({
      read() {
        this.push(Buffer.from('abc'));
        this.destroy(new Error('storage went away'));
      },
    });
    const cut = await evidencePack(facts(async () => broken));
    await expect(buffer(cut.stream)).rejects.toThrow('storage went away');
    const short = await evidencePack(facts(async () => Readable.from([Buffer.from('abc')])));
    await expect(buffer(short.stream)).rejects.toThrow(/unexpected number of bytes/);
    const missing = await evidencePack(facts(() => Promise.reject(new Error('no such key'))));
    await expect(buffer(missing.stream)).rejects.toThrow('no such key');
  });
});

describe('ranges a download resumes from', () => {
  it('reads one range, and answers the whole file for none or several', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-4', 1000)).toBe('unsatisfiable');
  });
});
