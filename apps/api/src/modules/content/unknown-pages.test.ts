import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contentSeed } from './seed';

// The real web build, server renderer included: what a visitor or a crawler is sent.
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

beforeAll(() => {
  if (existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app could not be built');
}, 240_000);

let t: TestApp;
afterEach(() => t?.close());

const page = (host: string, url: string) => call(t, 'GET', url, { headers: { host } });

describe('a page for a model, product or message that does not exist', () => {
  it('answers 404 with its friendly page on every brand, while the real ones answer 200', async () => {
    t = await createTestApp({ env: { webDistDir: webDist } });
    await contentSeed().run(t.db, t.env);
    for (const [host, unknown, known, heading] of [
      ['dvr.localhost', '/dvrs/NOPE-123', '/dvrs/AL-8CH-H5', 'DVR model not found'],
      ['nvr.localhost', '/products/NOPE-123', '/products/ZV-N4P-4K', 'Product not found'],
      ['voice.localhost', '/products/NOPE-123', '/products/VA-100', 'Product not found'],
      ['voice.localhost', '/message/999999', '/message/1', 'Message not found'],
      ['voice.localhost', '/category/999999', '/category/1', 'Category not found'],
      ['voice.localhost', '/subcategory/999999', '/subcategory/11', 'Subcategory not found'],
      ['nvr.localhost', '/resources/nope', '/resources/manuals', 'No such resources'],
    ] as const) {
      const missing = await page(host, unknown);
      expect(missing.statusCode, `${host}${unknown}`).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
      // Still the friendly page, with its way back, drawn by the server.
      expect(missing.body, `${host}${unknown}`).toMatch(
        new RegExp(`<h1[^>]*>[^<]*${heading}[^<]*</h1>`, 'i'),
      );
      expect((await page(host, known)).statusCode, `${host}${known}`).toBe(200);
    }
    // The content seed speaks the messages and renders the manuals first.
  }, 180_000);
});
