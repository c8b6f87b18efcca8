import { messages } from '@app/contract/messages';
import { afterEach, expect, it } from 'vitest';
import { runSeeds } from '../../db/seed';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_ACCOUNT, DEMO_STICKERS, demoAccountsSeed } from './demo-seed';

let t: TestApp;
afterEach(() => t?.close());

it('seeds the documented demo stickers and a confirmed demo operator who can sign in, once', async () => {
  t = await createTestApp();
  await runSeeds(t.db, t.env, [demoAccountsSeed, demoAccountsSeed]);

  const login = await call(t, 'POST', '/api/users/login', {
    body: { userName: DEMO_ACCOUNT.userName, password: DEMO_ACCOUNT.password },
  });
  expect(login.json()).toMatchObject({ status: 'success' });

  const [owned, ...free] = DEMO_STICKERS;
  const check = (s: { signRef: string; prefixNo: string }) =>
    call(t, 'POST', '/api/stickers/signref', { body: s }).then((r) => r.json());
  expect(await check(owned)).toMatchObject({ success: false, message: messages.server.stickerTaken });
  for (const sticker of free) expect(await check(sticker)).toMatchObject({ success: true });

  // The public sees the demo operator's details as confirmed, not "Not yet confirmed".
  const lookup = await call(t, 'GET', `/api/stickers/search/${owned.signRef}`);
  expect(lookup.json().scheme).toMatchObject({
    detailsConfirmedAt: expect.any(String),
    mayBeOutOfDate: false,
    retentionDays: 30,
  });

  // Its other sites: one says how long its recorder keeps footage, one does not, so the workspace
  // shows the notice that asks for it.
  const sites = await t.db.query('select name, retention_days from sites order by id');
  expect(sites).toEqual([
    { name: DEMO_ACCOUNT.siteName, retention_days: 30 },
    { name: 'Lantern Row loading bay', retention_days: 14 },
    { name: 'Lantern Row bike store', retention_days: null },
  ]);

  const counts = await t.db.one(
    'select (select count(*) from users) as users, (select count(*) from stickers) as stickers',
  );
  expect(counts).toEqual({ users: 1, stickers: DEMO_STICKERS.length });
});

it('seeds nothing in production', async () => {
  t = await createTestApp();
  await runSeeds(t.db, { ...t.env, nodeEnv: 'production' }, [demoAccountsSeed]);
  const counts = await t.db.one(
    'select (select count(*) from users) as users, (select count(*) from stickers) as stickers',
  );
  expect(counts).toEqual({ users: 0, stickers: 0 });
});
