import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db, NotificationHandlers } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { call, signedIn } from '../../test/accounts';
import { fakeCdn } from '../../test/fake-cdn';
import { logCapture } from '../../test/log-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../../test/workspace';

// Each instance listens for the database's announcements of changes (docs/decisions/0054): they
// empty its look-up cache and, with CDN_PURGE_URL, purge the CDN. Here the database's own
// listening is wrapped, so a test can see whether it was asked for, and can report the listening
// connection lost and back as the PostgreSQL client does (lookup-cache.test.ts ends a real one).

let t: TestApp | undefined;
let cdn: Awaited<ReturnType<typeof fakeCdn>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await cdn?.close();
  cdn = undefined;
});

/** An app whose listening and sign look-up statements are watched. */
async function watchedApp(env: Partial<ResolvedEnv>, logger?: ReturnType<typeof logCapture>['logger']) {
  const seen = { listens: 0, stops: 0, lookups: 0, handlers: undefined as NotificationHandlers | undefined };
  t = await createTestApp({
    env,
    ...(logger ? { logger } : {}),
    wrapDb: (db): Db => ({
      ...db,
      prepared: <T>(name: string, sql: string, params: readonly unknown[]) => {
        if (name.startsWith('sign_lookup')) seen.lookups += 1;
        return db.prepared<T>(name, sql, params);
      },
      listen: async (channel, handlers) => {
        seen.listens += 1;
        seen.handlers = handlers;
        const stop = await db.listen(channel, handlers);
        return async () => {
          seen.stops += 1;
          await stop();
        };
      },
    }),
  });
  // The server listens once it is ready (a request would make it so).
  await t.app.ready();
  return seen;
}

const cdnPurge = (url: string) => ({ url, style: 'fastly' as const, token: 'purge-token' });

/** The keys the CDN has been told to purge, in order. */
const purged = () => (cdn?.heard ?? []).flatMap((one) => String(one.headers['surrogate-key']).split(' '));

/** Renames the company and waits until the CDN has been told to purge it. */
async function renameAndWait(app: TestApp, owner: Awaited<ReturnType<typeof signedIn>>, name: string) {
  const renamed = await send(app, 'PUT', `/api/company/${owner.reply.companyId}`, owner.token, { name });
  expect(renamed.statusCode).toBe(200);
  await vi.waitFor(() => expect(purged()).toContain(`company-${owner.reply.companyId}`), {
    timeout: 5000,
    interval: 20,
  });
}

describe('listening for changes', () => {
  it('with neither a cache nor a CDN, no connection is held listening', async () => {
    const seen = await watchedApp({ lookupCacheSeconds: 0 });
    expect(seen.listens).toBe(0);
  });

  it('with a cache, one connection listens until the server closes', async () => {
    const seen = await watchedApp({ lookupCacheSeconds: 30 });
    expect(seen.listens).toBe(1);
    await t?.close();
    t = undefined;
    expect(seen.stops).toBe(1);
  });

  it('with the cache off but a CDN, every change is still heard and purged there', async () => {
    cdn = await fakeCdn();
    const seen = await watchedApp({ lookupCacheSeconds: 0, cdnPurge: cdnPurge(cdn.url) });
    expect(seen.listens).toBe(1);
    if (!t) throw new Error('no app');
    const owner = await signedIn(t);
    await renameAndWait(t, owner, 'Heard Without A Cache Ltd');
  });

  it('a lost connection: look-ups ask the database meanwhile, and once it is back the CDN forgets every sign, once', async () => {
    cdn = await fakeCdn();
    const log = logCapture();
    const seen = await watchedApp({ lookupCacheSeconds: 300, cdnPurge: cdnPurge(cdn.url) }, log.logger);
    const app = t;
    if (!app || !seen.handlers) throw new Error('not listening');
    const owner = await signedIn(app);
    const lookUp = async () =>
      expect((await call(app, 'GET', `/api/stickers/search/${owner.sticker.signRef}`)).statusCode).toBe(200);

    await renameAndWait(app, owner, 'Listening Ltd');
    // Nothing was lost at start: no sign is purged for it.
    expect(purged()).not.toContain('signs');
    await lookUp();
    const kept = seen.lookups;
    await lookUp();
    expect(seen.lookups).toBe(kept);

    seen.handlers.onLost();
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'Sign look-ups are not cached until the database connection that hears changes is back',
      }),
    );
    await lookUp();
    await lookUp();
    expect(seen.lookups).toBe(kept + 2);

    seen.handlers.onListening();
    await vi.waitFor(() => expect(purged()).toContain('signs'), { timeout: 5000, interval: 20 });
    await lookUp();
    await lookUp();
    expect(seen.lookups).toBe(kept + 3);

    // Listening again without having lost anything purges nothing more.
    if (cdn) cdn.heard.length = 0;
    seen.handlers.onListening();
    await renameAndWait(app, owner, 'Still Listening Ltd');
    expect(purged()).not.toContain('signs');
  });
});
