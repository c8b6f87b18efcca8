import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type App, type BuildAppOptions, buildApp } from '../app';
import type { Db } from '../db/db';
import { parseEnv, type ResolvedEnv } from '../env';
import { createTestDb } from './test-db';
import { webFixtureDir } from './web-fixture';

/** The environment of API tests: port 3000, the fixture web build, a data folder of its own. */
export function testEnv(overrides: Partial<ResolvedEnv> = {}): ResolvedEnv {
  // Not created here: code that writes there makes the folders it needs; close() deletes it.
  const dataDir = path.join(os.tmpdir(), 'sign-register-test-data', randomUUID());
  return {
    ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    dataDir,
    webDistDir: webFixtureDir(),
    jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
    ...overrides,
  };
}

export interface TestApp {
  /** Not yet ready: register test-only routes before the first `inject`. */
  app: App;
  db: Db;
  env: ResolvedEnv;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Partial<ResolvedEnv>;
  logger?: BuildAppOptions['logger'];
  /** What the app is given instead of the test database itself (e.g. one whose outages a test controls). */
  wrapDb?: (db: Db) => Db;
  /** The in-memory counts of public reads (e.g. on a clock the test controls). */
  publicReads?: BuildAppOptions['publicReads'];
}

/** The whole API on a fresh migrated database of its own (PGlite, or PostgreSQL under TEST_DB=postgres). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = testEnv(options.env);
  const db = await createTestDb();
  const app = await buildApp({
    env,
    db: options.wrapDb?.(db) ?? db,
    logger: options.logger ?? false,
    ...(options.publicReads ? { publicReads: options.publicReads } : {}),
  });
  return {
    app,
    db,
    env,
    async close() {
      await app.close();
      await db.close();
      await rm(env.dataDir, { recursive: true, force: true });
    },
  };
}
