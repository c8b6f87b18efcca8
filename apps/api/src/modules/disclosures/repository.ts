import type { DisclosureFileKind, ProcessingState } from '@app/contract/disclosures';
import type { Queryable } from '../../db/db';

/** A disclosure file as the module reads it. */
export interface FileRow {
  id: number;
  request_id: number;
  company_id: number;
  storage_key: string;
  filename: string;
  kind: DisclosureFileKind | null;
  size_bytes: number;
  upload_state: 'uploading' | 'complete';
  sha256: string | null;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  processing_state: ProcessingState;
  progress: number;
  playable_key: string | null;
  playable_sha256: string | null;
  playable_size_bytes: number | null;
  source_file_id: number | null;
  still_at_ms: number | null;
  uploaded_by: number | null;
  uploaded_by_name: string;
  uploaded_at: Date;
  completed_at: Date | null;
  deleted_at: Date | null;
}

const columns = `id, request_id, company_id, storage_key, filename, kind, size_bytes, upload_state, sha256,
  duration_ms, width, height, video_codec, audio_codec, processing_state, progress, playable_key,
  playable_sha256, playable_size_bytes, source_file_id, still_at_ms, uploaded_by, uploaded_by_name,
  uploaded_at, completed_at, deleted_at`;

/** Whether a company has this request (the uploads' first check). */
export async function companyHasRequest(
  q: Queryable,
  companyId: number,
  requestId: number,
): Promise<boolean> {
  const row = await q.maybeOne('select 1 from relay_requests where company_id = $1 and id = $2', [
    companyId,
    requestId,
  ]);
  return row !== undefined;
}

export interface NewUpload {
  requestId: number;
  companyId: number;
  storageKey: string;
  filename: string;
  size: number;
  userId: number;
  userName: string;
  at: Date;
}

export async function insertUpload(q: Queryable, u: NewUpload): Promise<void> {
  await q.query(
    `insert into disclosure_files (request_id, company_id, storage_key, filename, size_bytes, uploaded_by,
       uploaded_by_name, uploaded_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [u.requestId, u.companyId, u.storageKey, u.filename, u.size, u.userId, u.userName, u.at],
  );
}

export interface NewStill {
  requestId: number;
  companyId: number;
  storageKey: string;
  filename: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  sourceFileId: number;
  atMs: number;
  userId: number;
  userName: string;
  at: Date;
}

export function insertStill(q: Queryable, s: NewStill) {
  return q.one<FileRow>(
    `insert into disclosure_files (request_id, company_id, storage_key, filename, kind, size_bytes, upload_state,
       sha256, width, height, video_codec, processing_state, source_file_id, still_at_ms, uploaded_by,
       uploaded_by_name, uploaded_at, completed_at)
     values ($1, $2, $3, $4, 'jpeg', $5, 'complete', $6, $7, $8, 'mjpeg', 'not_needed', $9, $10, $11, $12, $13, $13)
     returning ${columns}`,
    [
      s.requestId,
      s.companyId,
      s.storageKey,
      s.filename,
      s.size,
      s.sha256,
      s.width,
      s.height,
      s.sourceFileId,
      s.atMs,
      s.userId,
      s.userName,
      s.at,
    ],
  );
}

/** A file by its storage key (the tus hooks know only that); `lock` holds it to the transaction's end. */
export function fileByKey(q: Queryable, storageKey: string, lock = false) {
  return q.maybeOne<FileRow>(
    `select ${columns} from disclosure_files where storage_key = $1${lock ? ' for update' : ''}`,
    [storageKey],
  );
}

/** One of a company's files of one request. */
export function companyFile(
  q: Queryable,
  companyId: number,
  requestId: number,
  fileId: number,
  lock = false,
) {
  return q.maybeOne<FileRow>(
    `select ${columns} from disclosure_files
      where company_id = $1 and request_id = $2 and id = $3 and deleted_at is null${lock ? ' for update' : ''}`,
    [companyId, requestId, fileId],
  );
}

/** A request's files not deleted, in the order they were uploaded. */
export function requestFiles(q: Queryable, requestId: number) {
  return q.query<FileRow>(
    `select ${columns} from disclosure_files where request_id = $1 and deleted_at is null order by id`,
    [requestId],
  );
}

export function fileById(q: Queryable, id: number) {
  return q.maybeOne<FileRow>(`select ${columns} from disclosure_files where id = $1`, [id]);
}

/** Removes the row of an upload that was refused or never created (nothing of it was kept). */
export async function deleteUpload(q: Queryable, id: number): Promise<void> {
  await q.query(`delete from disclosure_files where id = $1 and upload_state = 'uploading'`, [id]);
}

export async function setKind(q: Queryable, id: number, kind: DisclosureFileKind): Promise<void> {
  await q.query('update disclosure_files set kind = $2 where id = $1', [id, kind]);
}

export async function markComplete(q: Queryable, id: number, sha256: string, at: Date): Promise<void> {
  await q.query(
    `update disclosure_files set upload_state = 'complete', sha256 = $2, completed_at = $3 where id = $1`,
    [id, sha256, at],
  );
}

export interface Probed {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  state: ProcessingState;
}

export async function setProbed(q: Queryable, id: number, p: Probed): Promise<void> {
  await q.query(
    `update disclosure_files set duration_ms = $2, width = $3, height = $4, video_codec = $5, audio_codec = $6,
       processing_state = $7 where id = $1`,
    [id, p.durationMs, p.width, p.height, p.videoCodec, p.audioCodec, p.state],
  );
}

/** The oldest file waiting for ffprobe (several instances may read the same one: probing is harmless twice). */
export function nextToProbe(q: Queryable) {
  return q.maybeOne<FileRow>(
    `select ${columns} from disclosure_files
      where upload_state = 'complete' and deleted_at is null and processing_state = 'probing'
      order by id limit 1`,
  );
}

/** Claims the oldest clip waiting for its playable copy: one instance converts it, whichever asks first. */
export function claimNextConversion(q: Queryable) {
  return q.maybeOne<FileRow>(
    `update disclosure_files set processing_state = 'converting', progress = 0
      where id = (select id from disclosure_files
                   where upload_state = 'complete' and deleted_at is null and processing_state = 'waiting'
                   order by id limit 1 for update skip locked)
      returning ${columns}`,
  );
}

/** Conversions a stopped process left half done go back to the queue. */
export async function requeueConversions(q: Queryable): Promise<void> {
  await q.query(
    `update disclosure_files set processing_state = 'waiting', progress = 0 where processing_state = 'converting'`,
  );
}

export async function setProgress(q: Queryable, id: number, progress: number): Promise<void> {
  await q.query(
    `update disclosure_files set progress = $2 where id = $1 and processing_state = 'converting'`,
    [id, progress],
  );
}

export async function setConverted(
  q: Queryable,
  id: number,
  c: { key: string; sha256: string; size: number },
): Promise<void> {
  await q.query(
    `update disclosure_files set processing_state = 'done', progress = 100, playable_key = $2,
       playable_sha256 = $3, playable_size_bytes = $4 where id = $1`,
    [id, c.key, c.sha256, c.size],
  );
}

export async function setConversionFailed(q: Queryable, id: number): Promise<void> {
  await q.query(`update disclosure_files set processing_state = 'failed' where id = $1`, [id]);
}

export async function markDeleted(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query('update disclosure_files set deleted_at = $2 where id = $1', [id, at]);
}
