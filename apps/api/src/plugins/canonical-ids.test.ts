import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { idParams, MAX_ID } from '@app/contract/accounts';
import type { HTTPMethods } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { call, signedIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
const ID_MESSAGE = `id must be a whole number from 1 to ${MAX_ID}, in digits`;

/**
 * Every route of the API's modules with an `:id` in its path, read from the source so a new one
 * is checked without being listed here. Address ids (`/api/address/get/:id`) are the address
 * provider's own strings, not our rows.
 */
async function idRoutes(): Promise<{ method: HTTPMethods; url: string }[]> {
  const files = (await readdir(modulesDir, { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const routes: { method: HTTPMethods; url: string }[] = [];
  for (const file of files) {
    const source = await readFile(path.join(modulesDir, file), 'utf8');
    for (const match of source.matchAll(/app\.(get|put|post|delete)\(\s*'(\/api\/[^']*:id\b[^']*)'/g)) {
      const [, method = '', url = ''] = match;
      if (url.startsWith('/api/address/')) continue;
      routes.push({ method: method.toUpperCase() as HTTPMethods, url });
    }
  }
  return routes;
}

describe('ids are written one way only (one shared schema)', () => {
  it('idParams takes digits without a leading zero, up to 2147483647', () => {
    expect(idParams.parse({ id: '1' })).toEqual({ id: 1 });
    expect(idParams.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    for (const id of ['01', ' 1', '1 ', '0x10', '1e1', '1.0', '+1', '-1', '0', '2147483648', '', '１']) {
      expect(idParams.safeParse({ id }).success, JSON.stringify(id)).toBe(false);
    }
  });

  it('every route that takes an id refuses 01, %201, 0x10, 1e1 and 2147483648 with 400 before anything else', async () => {
    t = await createTestApp();
    const { token } = await signedIn(t);
    await t.app.ready();
    const routes = (await idRoutes()).filter((route) => t.app.hasRoute(route));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const { method, url } of routes) {
      for (const bad of ['01', '%201', '0x10', '1e1', '2147483648', '%2B1']) {
        const res = await call(t, method as 'GET', url.replace(':id', bad).replace(':documentId', '1'), {
          token,
          ...(method === 'GET' ? {} : { body: {} }),
        });
        expect(res.statusCode, `${method} ${url} with ${bad}`).toBe(400);
        expect(res.json(), `${method} ${url} with ${bad}`).toEqual({ message: ID_MESSAGE });
      }
    }
  });
});
