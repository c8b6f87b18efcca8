import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { contentSeed } from '../modules/content/seed';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** The API on a fresh database with the sister-site content seeded from content/. */
export async function createContentTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  await contentSeed().run(t.db, t.env);
  return t;
}

/** A GET as a browser on `<brand>.localhost` makes it. */
export function get(
  t: TestApp,
  brand: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { host: `${brand}.localhost`, ...headers } });
}

export function post(
  t: TestApp,
  brand: string,
  url: string,
  body: unknown,
  options: Pick<InjectOptions, 'remoteAddress'> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host: `${brand}.localhost`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...options,
  });
}
