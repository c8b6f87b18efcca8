import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { FileStorage } from '../../lib/storage';
import { appendEvent } from '../requests/repository';
import { isStill } from './content-kind';
import {
  convertToMp4,
  type MediaFacts,
  playsInBrowsers,
  probe,
  storeHashed,
  withLocalFile,
  withTempDir,
} from './media';
import * as repo from './repository';

export interface ProcessingDeps {
  db: Db;
  storage: FileStorage;
  dataDir: string;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** The background work on uploaded files, one file at a time in this process. */
export interface Processor {
  /** Something may be waiting: start working through the queue if not already. */
  kick(): void;
  /** Resolves when the queue is empty (tests wait on it). */
  idle(): Promise<void>;
  /** Stops after killing any conversion under way (it goes back to the queue at the next start). */
  stop(): Promise<void>;
}

/** The key of a clip's playable copy, beside its original. */
export const playableKey = (storageKey: string) => `${storageKey}.playable.mp4`;

const PROGRESS_WRITE_MS = 1000;

/**
 * Works through the queue the table holds: files waiting for ffprobe, then clips waiting for a
 * playable copy, oldest first. Conversions are claimed in the database (FOR UPDATE SKIP LOCKED), so
 * with several instances each clip is converted once, and each instance converts one at a time.
 */
export function createProcessor(deps: ProcessingDeps): Processor {
  const { db, log } = deps;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;

  const factsOf = (row: repo.FileRow): MediaFacts => ({
    durationMs: row.duration_ms,
    width: row.width,
    height: row.height,
    videoCodec: row.video_codec,
    audioCodec: row.audio_codec,
    formatName: '',
  });

  async function probeFile(row: repo.FileRow): Promise<void> {
    const still = row.kind !== null && isStill(row.kind);
    let probed: repo.Probed;
    try {
      const facts = await withLocalFile(deps.storage, deps.dataDir, row.storage_key, probe);
      probed = {
        ...facts,
        durationMs: still ? null : facts.durationMs,
        state: still || playsInBrowsers(row.kind ?? '', facts) ? 'not_needed' : 'waiting',
      };
    } catch (error) {
      // A container ffprobe cannot read (some recorders' own formats) is kept as a file to download.
      log.warn({ err: error, fileId: row.id }, 'ffprobe could not read a disclosure file');
      probed = {
        durationMs: null,
        width: null,
        height: null,
        videoCodec: null,
        audioCodec: null,
        state: still ? 'not_needed' : 'not_possible',
      };
    }
    await repo.setProbed(db, row.id, probed);
  }

  async function convert(row: repo.FileRow): Promise<void> {
    const key = playableKey(row.storage_key);
    let lastWrite = 0;
    let lastPercent = 0;
    try {
      const made = await withLocalFile(deps.storage, deps.dataDir, row.storage_key, (input) =>
        withTempDir(async (dir) => {
          const output = path.join(dir, 'playable.mp4');
          await convertToMp4(
            input,
            output,
            factsOf(row),
            (share) => {
              const percent = Math.min(99, Math.floor(share * 100));
              const now = Date.now();
              if (percent === lastPercent || now - lastWrite < PROGRESS_WRITE_MS) return;
              lastWrite = now;
              lastPercent = percent;
              repo.setProgress(db, row.id, percent).catch((error: unknown) => {
                log.warn({ err: error }, 'Could not record a conversion’s progress');
              });
            },
            stopping.signal,
          );
          await deps.storage.delete(key);
          return storeHashed(deps.storage, key, output, 'video/mp4');
        }),
      );
      await db.transaction(async (tx) => {
        await repo.setConverted(tx, row.id, { key, ...made });
        await appendEvent(tx, {
          requestId: row.request_id,
          companyId: row.company_id,
          actor: 'system',
          actorName: '',
          action: 'clip_playable_copy',
          body: `${row.filename}: a copy browsers can play (H.264 MP4, ${made.size} bytes, SHA-256 ${made.sha256}); the original is kept as it arrived.`,
          at: deps.clock(),
        });
      });
    } catch (error) {
      if (stopping.signal.aborted) return;
      log.error({ err: error, fileId: row.id }, 'A clip could not be converted');
      await deps.storage.delete(key).catch(() => undefined);
      await db.transaction(async (tx) => {
        await repo.setConversionFailed(tx, row.id);
        await appendEvent(tx, {
          requestId: row.request_id,
          companyId: row.company_id,
          actor: 'system',
          actorName: '',
          action: 'clip_conversion_failed',
          body: `${row.filename}: no playable copy could be made; the original is kept as a file to download.`,
          at: deps.clock(),
        });
      });
    }
  }

  async function step(): Promise<boolean> {
    const toProbe = await repo.nextToProbe(db);
    if (toProbe) {
      await probeFile(toProbe);
      return true;
    }
    const toConvert = await repo.claimNextConversion(db);
    if (toConvert) {
      await convert(toConvert);
      return true;
    }
    return false;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      while (!stopping.signal.aborted && (await step())) {
        // one file at a time, until none waits
      }
    } while (again && !stopping.signal.aborted);
  }

  return {
    kick() {
      if (stopping.signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      running = loop()
        .catch((error: unknown) => log.error({ err: error }, 'The disclosure file queue stopped'))
        .finally(() => {
          running = undefined;
        });
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
