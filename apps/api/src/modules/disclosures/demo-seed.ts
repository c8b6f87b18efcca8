import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Seed } from '../../db/seed';
import type { ResolvedEnv } from '../../env';
import { createStorage } from '../../lib/storage';
import { appendEvent } from '../requests/repository';
import { DEMO_ACCOUNT } from '../users/demo-seed';
import { findUserById } from '../users/repository';
import { uploadKey } from './clip-uploads';
import { playsInBrowsers, probe, storeHashed, withTempDir } from './media';
import { release } from './release-service';
import * as repo from './repository';

const DAY = 86_400_000;
/** The demo request answered with its footage (apps/api/src/modules/requests/demo-seed.ts). */
export const DEMO_DISCLOSURE_VISITOR = 'Jamie Fox';
export const DEMO_CLIP_NAME = 'entrance-camera.mp4';

const LETTER = `Dear ${DEMO_DISCLOSURE_VISITOR},

We enclose the footage you asked for: five seconds from the entrance camera. Its SHA-256 is listed
below, so you can check that nothing in it was changed. If you are unhappy with this answer, you
can complain to the Information Commissioner's Office: https://ico.org.uk/make-a-complaint.`;

/** A five-second H.264 clip of ffmpeg's test pattern: made here, so nothing is downloaded. */
function testPattern(output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=5:size=640x360:rate=25',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        output,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      err = (err + text).slice(-1000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${err.trim()}`)),
    );
  });
}

/**
 * The demo operator's answered footage request gets a released disclosure: a clip made by ffmpeg
 * from its test pattern, stored and hashed as a still made on the request's page is (one streaming
 * read into storage), probed by ffprobe, and released through the release service with a letter.
 * Never in production; only once (the request has no file yet). Without ffmpeg the request is left
 * without one, and the reason is written to the log.
 */
export const demoDisclosureSeed: Seed = {
  name: 'demo disclosure',
  async run(db, env) {
    if (env.nodeEnv === 'production' || !env.jwtSecret) return;
    const resolved: ResolvedEnv = { ...env, jwtSecret: env.jwtSecret };
    const found = await db.maybeOne<{ user_id: number; company_id: number; request_id: number }>(
      `select u.id as user_id, u.company_id, r.id as request_id
         from users u join relay_requests r on r.company_id = u.company_id
        where u.user_name = $1 and r.visitor_name = $2 and r.kind = 'footage'
        order by r.id limit 1`,
      [DEMO_ACCOUNT.userName, DEMO_DISCLOSURE_VISITOR],
    );
    if (!found) return;
    const already = await db.maybeOne('select 1 from disclosure_files where request_id = $1 limit 1', [
      found.request_id,
    ]);
    if (already) return;
    const user = await findUserById(db, found.user_id);
    if (!user) return;
    const storage = createStorage(env.storage, env.dataDir);
    const key = uploadKey(found.request_id, randomUUID());
    const now = Date.now();
    const uploadedAt = new Date(now - 2 * DAY);
    let made: { sha256: string; size: number; facts: Awaited<ReturnType<typeof probe>> };
    try {
      made = await withTempDir(async (dir) => {
        const file = path.join(dir, DEMO_CLIP_NAME);
        await testPattern(file);
        const facts = await probe(file);
        const stored = await storeHashed(storage, key, file, 'video/mp4');
        return { ...stored, facts };
      });
    } catch (error) {
      console.warn(
        `Demo data: the demo request of ${DEMO_DISCLOSURE_VISITOR} has no released clip, as ffmpeg could not make one (${
          (error as Error).message
        }).`,
      );
      return;
    }
    await db.transaction(async (tx) => {
      await repo.insertUpload(tx, {
        requestId: found.request_id,
        companyId: found.company_id,
        storageKey: key,
        filename: DEMO_CLIP_NAME,
        size: made.size,
        userId: user.id,
        userName: user.userName,
        at: uploadedAt,
      });
      const row = await repo.fileByKey(tx, key);
      if (!row) throw new Error('The demo clip was not recorded');
      await repo.setKind(tx, row.id, 'mp4');
      await repo.markComplete(tx, row.id, made.sha256, uploadedAt);
      await repo.setProbed(tx, row.id, {
        ...made.facts,
        state: playsInBrowsers('mp4', made.facts) ? 'not_needed' : 'waiting',
      });
      await appendEvent(tx, {
        requestId: found.request_id,
        companyId: found.company_id,
        actor: 'operator',
        actorName: user.userName,
        actorUserId: user.id,
        action: 'clip_uploaded',
        body: `${DEMO_CLIP_NAME} (${made.size} bytes) uploaded, SHA-256 ${made.sha256}, computed as the bytes were stored.`,
        at: uploadedAt,
      });
    });
    const file = await repo.fileByKey(db, key);
    if (!file) return;
    // The release's mail to the visitor was "sent" long ago: none is left for the outbox.
    const { last } = await db.one<{ last: number }>(
      'select coalesce(max(id), 0)::int as last from mail_outbox',
    );
    await release(
      { db, env: resolved, storage },
      user,
      found.request_id,
      { fileIds: [file.id], letter: LETTER },
      new Date(now - DAY),
    );
    await db.query('delete from mail_outbox where id > $1 and sent_at is null', [last]);
  },
};
