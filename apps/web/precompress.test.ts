import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(files: Record<string, string | Buffer>): string {
  dir = mkdtempSync(join(os.tmpdir(), 'precompress-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const script = `export const lines = [${Array.from({ length: 200 }, (_, i) => `"line ${i}"`).join(',')}];\n`;

describe('precompressDir', () => {
  it('writes Brotli and gzip copies of the text files a browser fetches, each the same bytes decompressed', async () => {
    const root = build({
      'assets/app-abc.js': script,
      'assets/app-abc.css': `.a{color:red}\n`.repeat(100),
      'brands/signs/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
    });
    await precompressDir(root);
    for (const name of ['assets/app-abc.js', 'assets/app-abc.css', 'brands/signs/logo.svg']) {
      const original = readFileSync(join(root, name));
      const br = readFileSync(join(root, `${name}.br`));
      const gz = readFileSync(join(root, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
    }
  });

  it('leaves small files, pictures and dot folders alone', async () => {
    const root = build({
      'assets/tiny-abc.js': 'export {};\n',
      'brands/dvr/photo.png': Buffer.alloc(4096, 7),
      '.vite/manifest.json': JSON.stringify({ entries: script }),
      '.ssr/entry-server.js': script,
    });
    await precompressDir(root);
    for (const name of [
      'assets/tiny-abc.js',
      'brands/dvr/photo.png',
      '.vite/manifest.json',
      '.ssr/entry-server.js',
    ]) {
      expect(existsSync(join(root, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(root, `${name}.gz`)), name).toBe(false);
    }
  });
});
