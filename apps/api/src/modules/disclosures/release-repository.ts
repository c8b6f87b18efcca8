import type { Queryable } from '../../db/db';

/** A released disclosure as the module reads it. */
export interface DisclosureRow {
  id: number;
  request_id: number;
  company_id: number;
  letter: string;
  letter_key: string;
  letter_sha256: string;
  letter_size_bytes: number;
  released_by_name: string;
  released_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by_name: string | null;
  copies_deleted_at: Date | null;
}

export interface ItemRow {
  id: number;
  disclosure_id: number;
  file_id: number;
  filename: string;
  storage_key: string;
  sha256: string;
  size_bytes: number;
  content_type: string;
  downloads: number;
}

export interface CodeRow {
  id: number;
  disclosure_id: number;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  ended_at: Date | null;
}

const columns = `id, request_id, company_id, letter, letter_key, letter_sha256, letter_size_bytes,
  released_by_name, released_at, expires_at, revoked_at, revoked_by_name, copies_deleted_at`;
const itemColumns =
  'id, disclosure_id, file_id, filename, storage_key, sha256, size_bytes, content_type, downloads';

export interface NewDisclosure {
  requestId: number;
  companyId: number;
  letter: string;
  letterKey: string;
  letterSha256: string;
  letterSize: number;
  userId: number;
  userName: string;
  at: Date;
  expiresAt: Date;
}

export function insertDisclosure(q: Queryable, d: NewDisclosure) {
  return q.one<DisclosureRow>(
    `insert into disclosures (request_id, company_id, letter, letter_key, letter_sha256, letter_size_bytes,
       released_by, released_by_name, released_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning ${columns}`,
    [
      d.requestId,
      d.companyId,
      d.letter,
      d.letterKey,
      d.letterSha256,
      d.letterSize,
      d.userId,
      d.userName,
      d.at,
      d.expiresAt,
    ],
  );
}

export interface NewItem {
  disclosureId: number;
  fileId: number;
  filename: string;
  storageKey: string;
  sha256: string;
  size: number;
  contentType: string;
}

export async function insertItem(q: Queryable, i: NewItem): Promise<void> {
  await q.query(
    `insert into disclosure_items (disclosure_id, file_id, filename, storage_key, sha256, size_bytes, content_type)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [i.disclosureId, i.fileId, i.filename, i.storageKey, i.sha256, i.size, i.contentType],
  );
}

/** A request's disclosures, newest first. */
export function requestDisclosures(q: Queryable, requestId: number) {
  return q.query<DisclosureRow>(`select ${columns} from disclosures where request_id = $1 order by id desc`, [
    requestId,
  ]);
}

/** One disclosure of one request (a guessed id of another request's is not found). */
export function requestDisclosure(q: Queryable, requestId: number, id: number, lock = false) {
  return q.maybeOne<DisclosureRow>(
    `select ${columns} from disclosures where request_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [requestId, id],
  );
}

export function items(q: Queryable, disclosureId: number) {
  return q.query<ItemRow>(
    `select ${itemColumns} from disclosure_items where disclosure_id = $1 order by id`,
    [disclosureId],
  );
}

export async function revoke(q: Queryable, id: number, userName: string, at: Date): Promise<void> {
  await q.query('update disclosures set revoked_at = $2, revoked_by_name = $3 where id = $1', [
    id,
    at,
    userName,
  ]);
}

/** Disclosures ended (expired by `now`, or revoked) whose copies are still stored; locked, skipped by other sweeps. */
export function endedWithCopies(q: Queryable, now: Date, limit: number) {
  return q.query<DisclosureRow>(
    `select ${columns} from disclosures
      where copies_deleted_at is null and (expires_at <= $1 or revoked_at is not null)
      order by id limit $2 for update skip locked`,
    [now, limit],
  );
}

export async function markCopiesDeleted(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query('update disclosures set copies_deleted_at = $2 where id = $1', [id, at]);
}

// ---- One-time codes

/** Ends the codes still open (a new one was asked for, or one was used). */
export async function endCodes(q: Queryable, disclosureId: number, at: Date): Promise<void> {
  await q.query('update disclosure_codes set ended_at = $2 where disclosure_id = $1 and ended_at is null', [
    disclosureId,
    at,
  ]);
}

export async function insertCode(
  q: Queryable,
  c: { disclosureId: number; codeHash: string; sentTo: string; at: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `insert into disclosure_codes (disclosure_id, code_hash, sent_to, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [c.disclosureId, c.codeHash, c.sentTo, c.at, c.expiresAt],
  );
}

/** The disclosure's open code, locked while it is tried. */
export function openCode(q: Queryable, disclosureId: number) {
  return q.maybeOne<CodeRow>(
    `select id, disclosure_id, code_hash, expires_at, attempts, ended_at from disclosure_codes
      where disclosure_id = $1 and ended_at is null order by id desc limit 1 for update`,
    [disclosureId],
  );
}

export async function countAttempt(q: Queryable, id: number, end: boolean, at: Date): Promise<void> {
  await q.query(
    `update disclosure_codes set attempts = attempts + 1, ended_at = case when $2 then $3 else ended_at end
      where id = $1`,
    [id, end, at],
  );
}

export async function endCode(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query('update disclosure_codes set ended_at = $2 where id = $1', [id, at]);
}

// ---- The download log

export interface NewDownload {
  disclosureId: number;
  itemId: number | null;
  what: 'file' | 'letter' | 'pack';
  at: Date;
  clientAddress: string;
  rangeStart: number | null;
  rangeEnd: number | null;
}

/** Logs a download as it starts (and counts it for its file); its bytes are written as it ends. */
export async function startDownload(q: Queryable, d: NewDownload): Promise<number> {
  if (d.itemId !== null) {
    await q.query('update disclosure_items set downloads = downloads + 1 where id = $1', [d.itemId]);
  }
  const row = await q.one<{ id: number }>(
    `insert into disclosure_downloads (disclosure_id, item_id, what, at, client_address, range_start, range_end)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [d.disclosureId, d.itemId, d.what, d.at, d.clientAddress, d.rangeStart, d.rangeEnd],
  );
  return row.id;
}

export async function finishDownload(q: Queryable, id: number, bytes: number): Promise<void> {
  await q.query('update disclosure_downloads set bytes_sent = $2 where id = $1', [id, bytes]);
}

export interface DownloadRow {
  id: number;
  item_id: number | null;
  what: 'file' | 'letter' | 'pack';
  at: Date;
  client_address: string;
  range_start: number | null;
  range_end: number | null;
  bytes_sent: number | null;
}

export function downloads(q: Queryable, disclosureId: number) {
  return q.query<DownloadRow>(
    `select id, item_id, what, at, client_address, range_start, range_end, bytes_sent
       from disclosure_downloads where disclosure_id = $1 order by id`,
    [disclosureId],
  );
}
