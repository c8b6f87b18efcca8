import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/db';
import { addSticker, call, register } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDb } from '../../test/test-db';
import { lookupSigns } from './repository';

// Look-ups asked while the database is busy share statements (modules/lookup/batch.ts). These
// tests run with the look-up cache off, so every look-up is read from the database.

let t: TestApp | undefined;
let db: Db | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await db?.close();
  db = undefined;
});

/** What the app's sign look-up statements carried (a key, or an array of them), and how many ran at once. */
interface Watched {
  params: (string | string[])[];
  inFlight: number;
  mostInFlight: number;
}

/**
 * An app whose look-up statements are watched; the first `held` wait until `releaseWhenAsked(n)`
 * has seen n look-ups reach their handler.
 */
async function watchedApp(held: number) {
  const watched: Watched = { params: [], inFlight: 0, mostInFlight: 0 };
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  const app = await createTestApp({
    env: { lookupCacheSeconds: 0 },
    wrapDb: (inner): Db => ({
      ...inner,
      prepared: async <T>(name: string, sql: string, params: readonly unknown[]) => {
        if (!name.startsWith('sign_lookup')) return inner.prepared<T>(name, sql, params);
        watched.params.push(params[0] as string | string[]);
        watched.inFlight += 1;
        watched.mostInFlight = Math.max(watched.mostInFlight, watched.inFlight);
        try {
          if (watched.params.length <= held) await gate;
          return await inner.prepared<T>(name, sql, params);
        } finally {
          watched.inFlight -= 1;
        }
      },
    }),
  });
  app.app.addHook('preHandler', (request, _reply, done) => {
    if (request.url.startsWith('/api/stickers/search/')) asked += 1;
    done();
  });
  const releaseWhenAsked = async (n: number) => {
    await vi.waitFor(() => expect(asked).toBe(n), { timeout: 10_000, interval: 10 });
    // From its handler a look-up reaches the statements within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
  };
  return { app, watched, releaseWhenAsked };
}

describe('sign look-ups asked at the same moment', () => {
  it("share statements, and each is answered with its own sign: two companies' signs, a free one and an unknown one", async () => {
    const { app, watched, releaseWhenAsked } = await watchedApp(2);
    t = app;
    const harbour = await register(app, { companyName: 'Harbour Watch Ltd', siteName: 'Quay car park' });
    const moor = await register(app, { companyName: 'Moorside Security', siteName: 'Mill yard' });
    const free = await addSticker(app.db);
    // Each typed as a person might: lower case, spaces for hyphens.
    const asked = [harbour.sticker.signRef, moor.sticker.signRef, free.signRef, 'ZZZZ-0000-NONE'];
    const typed = (ref: string, i: number) => (i % 2 ? ref.toLowerCase() : ref.replaceAll('-', ' '));
    const replies = Array.from({ length: 40 }, (_, i) => {
      const ref = asked[i % 4] ?? '';
      return call(app, 'GET', `/api/stickers/search/${encodeURIComponent(typed(ref, i))}`, {
        remoteAddress: `127.0.3.${i + 1}`,
      });
    });
    // The first two statements are held while the others are asked.
    await releaseWhenAsked(40);
    const answers = await Promise.all(replies);

    answers.forEach((reply, i) => {
      const which = i % 4;
      if (which === 3) {
        expect(reply.statusCode).toBe(404);
        return;
      }
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(body.signRef).toBe(asked[which]);
      if (which === 0)
        expect(body.scheme).toMatchObject({ operator: 'Harbour Watch Ltd', siteName: 'Quay car park' });
      if (which === 1)
        expect(body.scheme).toMatchObject({ operator: 'Moorside Security', siteName: 'Mill yard' });
      if (which === 2) expect(body).toMatchObject({ id: free.id, registered: false, scheme: null });
    });
    // 40 look-ups, far fewer statements, never more than two at once: the first two alone, then
    // the others together, their array always 16 long.
    expect(watched.params.length).toBeLessThan(10);
    expect(watched.mostInFlight).toBe(2);
    expect(watched.params.slice(0, 2).every((p) => typeof p === 'string')).toBe(true);
    const arrays = watched.params.filter((p) => Array.isArray(p));
    expect(arrays.length).toBeGreaterThan(0);
    for (const array of arrays) expect(array).toHaveLength(16);
  });

  it('carry 16 different signs in one statement at most', async () => {
    const { app, watched, releaseWhenAsked } = await watchedApp(2);
    t = app;
    const stickers: { id: number; signRef: string }[] = [];
    for (let i = 0; i < 40; i += 1) stickers.push(await addSticker(app.db));
    const replies = stickers.map((sticker, i) =>
      call(app, 'GET', `/api/stickers/search/${sticker.signRef}`, { remoteAddress: `127.0.4.${i + 1}` }),
    );
    await releaseWhenAsked(40);
    const answers = await Promise.all(replies);
    expect(answers.map((reply) => reply.json().id)).toEqual(stickers.map((sticker) => sticker.id));
    for (const reply of answers) expect(reply.json()).toMatchObject({ registered: false, scheme: null });
    const distinct = watched.params.map((p) => new Set(Array.isArray(p) ? p : [p]).size);
    expect(Math.max(...distinct)).toBe(16);
    expect(distinct.reduce((sum, n) => sum + n, 0)).toBe(40);
    expect(watched.mostInFlight).toBeLessThanOrEqual(2);
  });
});

describe('lookupSigns', () => {
  it('answers each key with its own sign, leaves out unknown keys, and takes 1 to 16 keys', async () => {
    db = await createTestDb();
    const signs: { id: number; signRef: string }[] = [];
    for (let i = 0; i < 16; i += 1) signs.push(await addSticker(db));
    const keys = signs.map((s) => s.signRef.replaceAll('-', ''));
    const found = await lookupSigns(db, [...keys.slice(0, 15), 'NOSUCHSIGN']);
    expect(found.size).toBe(15);
    for (const [i, key] of keys.slice(0, 15).entries()) expect(found.get(key)?.id).toBe(signs[i]?.id);
    expect(found.has('NOSUCHSIGN')).toBe(false);
    expect((await lookupSigns(db, keys)).size).toBe(16);
    await expect(lookupSigns(db, [])).rejects.toThrow(RangeError);
    await expect(lookupSigns(db, [...keys, 'ONEMORE'])).rejects.toThrow('1 to 16 keys, not 17');
  });

  it('is planned once and the plan kept, for one key and for several, whatever their number', async () => {
    db = await createTestDb();
    const keys: string[] = [];
    for (let i = 0; i < 4; i += 1) keys.push((await addSticker(db)).signRef.replaceAll('-', ''));
    // One after another, so PostgreSQL's pool hands the same connection each time.
    for (const n of [2, 3, 4, 2, 3, 4, 2, 3, 4, 2]) await lookupSigns(db, keys.slice(0, n));
    for (const key of keys.concat(keys)) await lookupSigns(db, [key]);
    const plans = await db.query<{ generic_plans: number; custom_plans: number }>(
      `select generic_plans::int, custom_plans::int from pg_prepared_statements
        where name like 'sign_lookup%' order by name`,
    );
    // PostgreSQL tries five plans made for the values, then keeps its general one when that is no dearer.
    expect(plans).toEqual([
      { generic_plans: 5, custom_plans: 5 },
      { generic_plans: 3, custom_plans: 5 },
    ]);
  });
});
