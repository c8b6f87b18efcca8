import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { brands } from '@app/brands';

/** The hashed asset of the fixture build, as Vite names them. */
export const FIXTURE_ASSET = '/assets/x-abc123.js';
/** An asset with the Brotli and gzip copies the web build writes (apps/web/precompress.ts). */
export const FIXTURE_COMPRESSED_ASSET = '/assets/big-def456.js';
export const FIXTURE_COMPRESSED_TEXT = `export const words = [${Array.from({ length: 300 }, (_, i) => `"word ${i}"`).join(', ')}];\n`;

let fixtureDir: string | undefined;

function fixtureFiles(): Record<string, string | Buffer> {
  const big = FIXTURE_COMPRESSED_ASSET.slice(1);
  const files: Record<string, string | Buffer> = {
    'index.html': [
      '<!doctype html>',
      '<html lang="en-GB">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <title>Who is watching me?</title>',
      '    <!--brand-head-->',
      `    <script type="module" crossorigin src="${FIXTURE_ASSET}"></script>`,
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      // Enough text that the page is above the compression threshold whatever the brand.
      `    <noscript>${'This site needs JavaScript to show its pages. '.repeat(20)}</noscript>`,
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
    [FIXTURE_ASSET.slice(1)]: `document.getElementById('root').textContent = 'fixture';\n`,
    [big]: FIXTURE_COMPRESSED_TEXT,
    // At the build's settings, not the server's: what is sent must be these very bytes.
    [`${big}.br`]: brotliCompressSync(FIXTURE_COMPRESSED_TEXT, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    [`${big}.gz`]: gzipSync(FIXTURE_COMPRESSED_TEXT, { level: 9 }),
  };
  for (const brand of brands) {
    files[brand.favicon.replace(/^\//, '')] =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="${brand.primaryColor}"/></svg>\n`;
  }
  return files;
}

/**
 * A tiny stand-in for apps/web/dist with the same contract as the real index.html (a <title>
 * and the brand-head marker inside <head>), so API tests never need a web build. One folder per
 * content, kept in the system temp folder and shared by parallel workers.
 */
export function webFixtureDir(): string {
  if (fixtureDir) return fixtureDir;
  const files = fixtureFiles();
  const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `sign-register-web-fixture-${hash}`);
  if (!existsSync(path.join(dir, 'index.html'))) {
    const partial = mkdtempSync(`${dir}-partial-`);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(partial, name)), { recursive: true });
      writeFileSync(path.join(partial, name), content);
    }
    try {
      renameSync(partial, dir);
    } catch {
      // Another worker finished first; its folder has the same content.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  fixtureDir = dir;
  return dir;
}
