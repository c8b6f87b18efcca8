import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type DisclosureFile, disclosureMessages } from '@app/contract/disclosures';
import { requestMessages } from '@app/contract/request-lifecycle';
import { Metadata } from '@tus/server';
import type { Db } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import type { FileStorage } from '../../lib/storage';
import { appendEvent } from '../requests/repository';
import type { AuthUser } from '../users/repository';
import { type ClipUploads, uploadKey, uploadUrl } from './clip-uploads';
import { acceptedName, checkedKind, HEAD_BYTES, isStill } from './content-kind';
import { stillAt, storeHashed, withLocalFile, withTempDir } from './media';
import type { Processor } from './processing';
import * as repo from './repository';

export interface DisclosuresContext {
  db: Db;
  env: ResolvedEnv;
  storage: FileStorage;
  uploads: ClipUploads;
  processor: Processor;
}

/** The tus headers that create an upload. */
export interface CreationHeaders {
  uploadLength: string | undefined;
  deferLength: string | undefined;
  metadata: string | undefined;
}

const notFound = () => new HttpError(404, requestMessages.notFound);

/** The name a file is kept under: its last path segment, without control characters, at most 255. */
function cleanName(raw: string): string {
  const base = path.posix.basename(raw.replaceAll('\\', '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(-255);
}

function view(row: repo.FileRow): DisclosureFile {
  return {
    id: row.id,
    filename: row.filename,
    kind: row.kind,
    sizeBytes: row.size_bytes,
    uploadState: row.upload_state,
    uploadUrl: row.upload_state === 'uploading' ? uploadUrl(row.storage_key) : null,
    sha256: row.sha256,
    durationMs: row.duration_ms,
    width: row.width,
    height: row.height,
    videoCodec: row.video_codec,
    audioCodec: row.audio_codec,
    processing: { state: row.processing_state, progress: row.progress },
    playable:
      row.playable_sha256 && row.playable_size_bytes !== null
        ? { sha256: row.playable_sha256, sizeBytes: row.playable_size_bytes }
        : null,
    still:
      row.source_file_id !== null && row.still_at_ms !== null
        ? { fromFileId: row.source_file_id, atMs: row.still_at_ms }
        : null,
    uploadedBy: row.uploaded_by_name,
    uploadedAt: row.uploaded_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/**
 * Checks a new upload before tus creates it (the request is the user's company's, the size is
 * declared and within CLIP_MAX_BYTES, the name is one we take) and records it: its storage key.
 * Nothing is stored when any check fails.
 */
export async function prepareUpload(
  ctx: DisclosuresContext,
  user: AuthUser,
  requestId: number,
  headers: CreationHeaders,
  now: Date,
): Promise<string> {
  if (!(await repo.companyHasRequest(ctx.db, user.companyId, requestId))) throw notFound();
  if (
    headers.deferLength !== undefined ||
    !headers.uploadLength ||
    !/^\d{1,16}$/.test(headers.uploadLength)
  ) {
    throw new HttpError(400, disclosureMessages.lengthNeeded);
  }
  const size = Number(headers.uploadLength);
  if (size > ctx.env.clipMaxBytes)
    throw new HttpError(413, disclosureMessages.tooLarge(ctx.env.clipMaxBytes));
  let filename = '';
  try {
    filename = cleanName(Metadata.parse(headers.metadata).filename ?? '');
  } catch {
    // Metadata that does not parse names no file we take.
  }
  if (size === 0 || !acceptedName(filename)) throw new HttpError(415, disclosureMessages.accepted);
  const key = uploadKey(requestId, randomUUID());
  await repo.insertUpload(ctx.db, {
    requestId,
    companyId: user.companyId,
    storageKey: key,
    filename,
    size,
    userId: user.id,
    userName: user.userName,
    at: now,
  });
  return key;
}

/** Forgets an upload tus did not create after all (nothing of it was stored). */
export async function discardPrepared(ctx: DisclosuresContext, key: string): Promise<void> {
  const row = await repo.fileByKey(ctx.db, key);
  if (row) await repo.deleteUpload(ctx.db, row.id);
}

/** An upload may be resumed, probed or ended only by a user of the request's company. */
export async function checkUploadAccess(
  ctx: DisclosuresContext,
  user: AuthUser,
  requestId: number,
  uuid: string,
): Promise<void> {
  const row = await repo.fileByKey(ctx.db, uploadKey(requestId, uuid));
  if (!row || row.company_id !== user.companyId || row.request_id !== requestId || row.deleted_at) {
    throw notFound();
  }
}

/**
 * Judges an upload's first bytes against its name. A refused upload's row goes (its bytes were
 * never stored; the store removes its empty file) and the refusal is written in the history.
 */
export async function checkHead(
  ctx: DisclosuresContext,
  key: string,
  head: Buffer,
  now: Date,
): Promise<void> {
  const row = await repo.fileByKey(ctx.db, key);
  if (!row || row.deleted_at) throw notFound();
  const kind = checkedKind(row.filename, head);
  if (kind && head.length >= Math.min(HEAD_BYTES, row.size_bytes)) {
    await repo.setKind(ctx.db, row.id, kind);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await repo.deleteUpload(tx, row.id);
    await appendEvent(tx, {
      requestId: row.request_id,
      companyId: row.company_id,
      actor: 'operator',
      actorName: row.uploaded_by_name,
      actorUserId: row.uploaded_by,
      action: 'clip_refused',
      body: `${row.filename}: refused, its content is not what its name says; nothing of it was kept.`,
      at: now,
    });
  });
  throw new HttpError(415, disclosureMessages.contentNotName);
}

/** Every byte has arrived: the file's SHA-256 is recorded and written in the history. */
export async function uploadFinished(
  ctx: DisclosuresContext,
  key: string,
  size: number,
  now: Date,
): Promise<void> {
  const { sha256, whileStreaming } = await ctx.uploads.store.finishedHash(key, size);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.fileByKey(tx, key, true);
    if (!row) throw notFound();
    await repo.markComplete(tx, row.id, sha256, now);
    await appendEvent(tx, {
      requestId: row.request_id,
      companyId: row.company_id,
      actor: 'operator',
      actorName: row.uploaded_by_name,
      actorUserId: row.uploaded_by,
      action: 'clip_uploaded',
      body: `${row.filename} (${size} bytes) uploaded, SHA-256 ${sha256}, ${
        whileStreaming
          ? 'computed as the bytes arrived'
          : 'computed by reading the stored file once (the upload was resumed after a restart)'
      }.`,
      at: now,
    });
  });
  ctx.processor.kick();
}

export async function listFiles(ctx: DisclosuresContext, companyId: number, requestId: number) {
  if (!(await repo.companyHasRequest(ctx.db, companyId, requestId))) throw notFound();
  const rows = await repo.requestFiles(ctx.db, requestId);
  return { files: rows.map(view) };
}

/** Removes a file's bytes (original, playable copy, an unfinished upload's information); its row, hashes and history stay. */
export async function deleteFile(
  ctx: DisclosuresContext,
  user: AuthUser,
  requestId: number,
  fileId: number,
  now: Date,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await repo.companyFile(tx, user.companyId, requestId, fileId, true);
    if (!found) throw notFound();
    await repo.markDeleted(tx, found.id, now);
    await appendEvent(tx, {
      requestId,
      companyId: user.companyId,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: 'clip_deleted',
      body: `${found.filename} deleted${found.sha256 ? ` (SHA-256 ${found.sha256})` : ''}.`,
      at: now,
    });
    return found;
  });
  // tus keeps an upload's information beside it; a still made here has none.
  await ctx.uploads.store.remove(row.storage_key).catch(() => undefined);
  await ctx.storage.delete(row.storage_key);
  if (row.playable_key) await ctx.storage.delete(row.playable_key);
  return listFiles(ctx, user.companyId, requestId);
}

const clock = (ms: number) => {
  const s = ms / 1000;
  const minutes = Math.floor(s / 60);
  return `${String(minutes).padStart(2, '0')}m${(s - minutes * 60).toFixed(3).padStart(6, '0')}s`;
};

/** A JPEG still of a clip at a chosen time, stored and hashed as a file of the request. */
export async function makeStill(
  ctx: DisclosuresContext,
  user: AuthUser,
  requestId: number,
  fileId: number,
  atSeconds: number,
  now: Date,
): Promise<DisclosureFile> {
  const clip = await repo.companyFile(ctx.db, user.companyId, requestId, fileId);
  if (!clip) throw notFound();
  if (clip.upload_state !== 'complete') throw new HttpError(409, disclosureMessages.notFinished);
  if (!clip.kind || isStill(clip.kind) || clip.duration_ms === null) {
    throw new HttpError(409, disclosureMessages.notAClip);
  }
  const atMs = Math.round(atSeconds * 1000);
  if (atMs >= clip.duration_ms) throw new HttpError(400, disclosureMessages.pastTheEnd);
  const key = uploadKey(requestId, randomUUID());
  const stored = await withLocalFile(ctx.storage, ctx.env.dataDir, clip.storage_key, (input) =>
    withTempDir(async (dir) => {
      const output = path.join(dir, 'still.jpg');
      try {
        await stillAt(input, output, atMs);
      } catch {
        throw new HttpError(422, disclosureMessages.stillFailed);
      }
      return storeHashed(ctx.storage, key, output, 'image/jpeg');
    }),
  );
  const base = clip.filename.replace(/\.[^.]*$/, '');
  const still = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertStill(tx, {
      requestId,
      companyId: user.companyId,
      storageKey: key,
      filename: cleanName(`${base}-still-${clock(atMs)}.jpg`),
      size: stored.size,
      sha256: stored.sha256,
      width: clip.width,
      height: clip.height,
      sourceFileId: clip.id,
      atMs,
      userId: user.id,
      userName: user.userName,
      at: now,
    });
    await appendEvent(tx, {
      requestId,
      companyId: user.companyId,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: 'still_made',
      body: `${row.filename}: a still of ${clip.filename} at ${clock(atMs)}, SHA-256 ${stored.sha256}.`,
      at: now,
    });
    return row;
  });
  return view(still);
}

/** At start: conversions a stopped process left go back to the queue, and the queue is worked. */
export async function resumeProcessing(ctx: DisclosuresContext): Promise<void> {
  await repo.requeueConversions(ctx.db);
  ctx.processor.kick();
}
