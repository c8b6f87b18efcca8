import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { runSeeds } from '../../db/seed';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoRequestsSeed } from '../requests/demo-seed';
import { DEMO_ACCOUNT, demoAccountsSeed } from '../users/demo-seed';
import { DEMO_CLIP_NAME, DEMO_DISCLOSURE_VISITOR, demoDisclosureSeed } from './demo-seed';

let t: TestApp;
afterEach(() => t?.close());

const seeds = [demoAccountsSeed, demoRequestsSeed, demoDisclosureSeed];

describe('the demo disclosure', { timeout: 120_000 }, () => {
  it('releases a clip ffmpeg made from its test pattern to the demo request answered with footage, once', async () => {
    t = await createTestApp({ env: { nodeEnv: 'development' } });
    const started = Date.now();
    await runSeeds(t.db, t.env, seeds);
    // Seeds run at every start: the clip costs a second or two of the first one only.
    expect(Date.now() - started).toBeLessThan(60_000);
    await runSeeds(t.db, t.env, seeds);

    const login = await call(t, 'POST', '/api/users/login', {
      body: { userName: DEMO_ACCOUNT.userName, password: DEMO_ACCOUNT.password },
    });
    const token = login.json().token;
    const { entries } = (await call(t, 'GET', '/api/company/disclosure-log', { token })).json();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ kind: 'released', recipient: DEMO_DISCLOSURE_VISITOR, state: 'available' });
    const [clip] = entry.items;
    expect(clip.filename).toBe(DEMO_CLIP_NAME);

    // The hash recorded is the stored file's, and ffprobe read a 5-second 640x360 H.264 clip.
    const files = (await call(t, 'GET', `/api/requests/${entry.requestId}/clips`, { token })).json().files;
    expect(files).toMatchObject([
      {
        filename: DEMO_CLIP_NAME,
        kind: 'mp4',
        uploadState: 'complete',
        width: 640,
        height: 360,
        videoCodec: 'h264',
      },
    ]);
    expect(files[0].durationMs).toBe(5000);
    const item = await t.db.one<{ storage_key: string }>(
      'select storage_key from disclosure_items where sha256 = $1',
      [clip.sha256],
    );
    const hash = createHash('sha256');
    for await (const chunk of await t.app.storage.getStream(item.storage_key)) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(clip.sha256);
    expect(files[0].sha256).toBe(clip.sha256);
    // Its mail to the visitor was "sent" long ago.
    expect(await t.db.query('select to_address from mail_outbox')).toEqual([]);
  });

  it('is not made in production', async () => {
    t = await createTestApp({ env: { nodeEnv: 'production' } });
    await runSeeds(t.db, t.env, seeds);
    expect(await t.db.query('select 1 from disclosures')).toEqual([]);
  });
});
