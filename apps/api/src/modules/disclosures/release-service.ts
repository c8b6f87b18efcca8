import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatUkDate } from '@app/contract/dates';
import {
  DISCLOSURE_CODE_ATTEMPTS,
  DISCLOSURE_CODE_DIGITS,
  DISCLOSURE_CODE_MINUTES,
  DISCLOSURE_GRANT_MINUTES,
  type DisclosureSummary,
  disclosureReleaseMessages as messages,
  type ReleaseBody,
} from '@app/contract/disclosure-release';
import { normaliseReference } from '@app/contract/references';
import { requestMessages } from '@app/contract/request-lifecycle';
import type { Db, Queryable } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import type { ByteRange, FileStorage } from '../../lib/storage';
import { enqueueMail } from '../mail/outbox';
import { visitorLink } from '../requests/mails';
import { appendEvent, companyRequest, type RequestRow, requestByReference } from '../requests/repository';
import { brandOf, visitorLinkRequest, visitorSecret } from '../requests/service';
import { companyThirdParty } from '../requests/third-party-repository';
import type { AuthUser } from '../users/repository';
import { evidencePack, type PackFile, uniqueNames } from './evidence-pack';
import { renderLetterPdf } from './letter-pdf';
import { codeMail, releasedMail } from './release-mails';
import * as repo from './release-repository';
import { companyFile } from './repository';

export interface ReleaseContext {
  db: Db;
  env: ResolvedEnv;
  storage: FileStorage;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Disclosures whose copies one sweep transaction deletes; the sweep repeats until none are left. */
const SWEEP_BATCH = 50;

const notFound = () => new HttpError(404, requestMessages.notFound);
const gone = () => new HttpError(410, messages.ended);

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
const contentTypeOf = (name: string) =>
  contentTypes[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export type DisclosureState = DisclosureSummary['state'];

export function stateOf(d: repo.DisclosureRow, now: Date): DisclosureState {
  if (d.revoked_at) return 'revoked';
  if (d.copies_deleted_at || d.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'available';
}

/** Copies a stored file to a new key, hashing the bytes as they pass; refuses a copy whose hash is not the recorded one. */
async function copyChecked(
  storage: FileStorage,
  from: string,
  to: string,
  contentType: string,
  expected: string,
): Promise<void> {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const source = await storage.getStream(from);
  const passed = new PassThrough();
  const copied = storage.putStream(to, passed, contentType);
  await pipeline(source, hashing, passed);
  await copied;
  const actual = hash.digest('hex');
  if (actual !== expected) {
    await storage.delete(to);
    throw new Error(`The stored file ${from} no longer has its recorded SHA-256`);
  }
}

async function summary(q: Queryable, d: repo.DisclosureRow, now: Date): Promise<DisclosureSummary> {
  const files = await repo.items(q, d.id);
  return {
    id: d.id,
    state: stateOf(d, now),
    releasedAt: d.released_at.toISOString(),
    releasedBy: d.released_by_name,
    expiresAt: d.expires_at.toISOString(),
    revokedAt: d.revoked_at?.toISOString() ?? null,
    copiesDeletedAt: d.copies_deleted_at?.toISOString() ?? null,
    files: files.map((f) => ({
      id: f.id,
      filename: f.filename,
      sha256: f.sha256,
      sizeBytes: f.size_bytes,
      downloads: f.downloads,
    })),
    letter: { sha256: d.letter_sha256, sizeBytes: d.letter_size_bytes },
  };
}

async function summaries(q: Queryable, requestId: number, now: Date) {
  const rows = await repo.requestDisclosures(q, requestId);
  return { disclosures: await Promise.all(rows.map((d) => summary(q, d, now))) };
}

// ---- The operator

/**
 * A master user releases files of the request and the reply letter (as a PDF) to its visitor:
 * each file is copied for the disclosure (its hash checked as it is copied), the release is written
 * in the request's history and the visitor is mailed to open their page.
 */
export async function release(
  ctx: ReleaseContext,
  user: AuthUser,
  requestId: number,
  body: ReleaseBody,
  now: Date,
) {
  const request = await companyRequest(ctx.db, user.companyId, requestId);
  if (!request) throw notFound();
  // Not before the proof of identity asked for has arrived: footage goes only to the person it shows.
  if (['withdrawn', 'closed', 'awaiting_identity'].includes(request.state) || !request.link_nonce) {
    throw new HttpError(409, messages.notAnswerable);
  }
  // The police, an insurer or a solicitor get footage only once a master user has recorded the
  // decision to disclose and its basis (DPA 2018 Schedule 2 paragraphs 2 and 5: the exemptions
  // permit a disclosure, they never require one; decision 0052).
  if (request.kind === 'third_party') {
    const thirdParty = await companyThirdParty(ctx.db, user.companyId, requestId);
    if (thirdParty && thirdParty.decision !== 'disclose') throw new HttpError(409, messages.decisionFirst);
  }
  const ids = [...new Set(body.fileIds)];
  const chosen = [];
  for (const id of ids) {
    const file = await companyFile(ctx.db, user.companyId, requestId, id);
    if (!file) throw notFound();
    if (file.upload_state !== 'complete' || !file.sha256) throw new HttpError(409, messages.fileNotReady);
    chosen.push({
      key: file.storage_key,
      name: file.filename,
      sha256: file.sha256,
      size: file.size_bytes,
      id,
    });
    // A clip browsers cannot play goes with the playable copy made of it, under its own hash.
    if (file.playable_key && file.playable_sha256 && file.playable_size_bytes !== null) {
      chosen.push({
        key: file.playable_key,
        name: `${file.filename.replace(/\.[^.]*$/, '')}.playable.mp4`,
        sha256: file.playable_sha256,
        size: file.playable_size_bytes,
        id,
      });
    }
  }
  const names = uniqueNames(chosen.map((c) => c.name));
  const folder = `disclosures/${requestId}/${randomUUID()}`;
  const copies = chosen.map((c, i) => ({
    ...c,
    filename: names[i] ?? c.name,
    copyKey: `${folder}/${i + 1}`,
    contentType: contentTypeOf(names[i] ?? c.name),
  }));
  const letterKey = `${folder}/letter.pdf`;
  const stored: string[] = [];
  try {
    for (const c of copies) {
      await copyChecked(ctx.storage, c.key, c.copyKey, c.contentType, c.sha256);
      stored.push(c.copyKey);
    }
    const pdf = await renderLetterPdf({
      operator: request.operator,
      reference: request.reference,
      visitorName: request.visitor_name,
      date: formatUkDate(now),
      letter: body.letter,
      files: copies.map((c) => ({ filename: c.filename, sha256: c.sha256, sizeBytes: c.size })),
    });
    await ctx.storage.put(letterKey, pdf, 'application/pdf');
    stored.push(letterKey);
    const expiresAt = new Date(now.getTime() + ctx.env.disclosureDays * DAY_MS);
    return await ctx.db.transaction(async (tx) => {
      const d = await repo.insertDisclosure(tx, {
        requestId,
        companyId: user.companyId,
        letter: body.letter,
        letterKey,
        letterSha256: createHash('sha256').update(pdf).digest('hex'),
        letterSize: pdf.length,
        userId: user.id,
        userName: user.userName,
        at: now,
        expiresAt,
      });
      for (const c of copies) {
        await repo.insertItem(tx, {
          disclosureId: d.id,
          fileId: c.id,
          filename: c.filename,
          storageKey: c.copyKey,
          sha256: c.sha256,
          size: c.size,
          contentType: c.contentType,
        });
      }
      await appendEvent(tx, {
        requestId,
        companyId: user.companyId,
        actor: 'operator',
        actorName: user.userName,
        actorUserId: user.id,
        action: 'disclosure_released',
        body: [
          `Disclosure ${d.id} released to the visitor until ${expiresAt.toISOString()}:`,
          ...copies.map((c) => `${c.filename} (${c.size} bytes), SHA-256 ${c.sha256}`),
          `the letter (PDF), SHA-256 ${d.letter_sha256}`,
        ].join('\n'),
        at: now,
      });
      const secret = await visitorSecret(tx, ctx.env, request.reference);
      const brand = brandOf(request);
      await enqueueMail(
        tx,
        releasedMail(brand, request.visitor_email, {
          reference: request.reference,
          operator: request.operator,
          link: visitorLink(brand, ctx.env, request.reference, secret),
          expiresAt,
          files: copies.length,
        }),
      );
      return summary(tx, d, now);
    });
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

export async function operatorDisclosures(
  ctx: ReleaseContext,
  companyId: number,
  requestId: number,
  now: Date,
) {
  if (!(await companyRequest(ctx.db, companyId, requestId))) throw notFound();
  return summaries(ctx.db, requestId, now);
}

/** A master user ends a disclosure at once: downloads stop, and its copies are deleted now. */
export async function revoke(
  ctx: ReleaseContext,
  user: AuthUser,
  requestId: number,
  disclosureId: number,
  now: Date,
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await companyRequest(tx, user.companyId, requestId))) throw notFound();
    const d = await repo.requestDisclosure(tx, requestId, disclosureId, true);
    if (!d) throw notFound();
    if (stateOf(d, now) !== 'available') throw new HttpError(409, messages.alreadyRevoked);
    await repo.revoke(tx, d.id, user.userName, now);
    await repo.endCodes(tx, d.id, now);
    await appendEvent(tx, {
      requestId,
      companyId: user.companyId,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: 'disclosure_revoked',
      body: `Disclosure ${d.id} revoked: it can no longer be downloaded.`,
      at: now,
    });
  });
  // The sweep would delete them within minutes; a revocation deletes them now.
  await sweepEnded(ctx, now);
  return operatorDisclosures(ctx, user.companyId, requestId, now);
}

/**
 * Deletes the stored copies of every disclosure expired by `now` or revoked, and writes it in its
 * request's history; the rows, hashes and download log stay. Several instances share the work
 * (rows are taken FOR UPDATE SKIP LOCKED). Returns how many disclosures it ended.
 */
export async function sweepEnded(ctx: Pick<ReleaseContext, 'db' | 'storage'>, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const ended = await repo.endedWithCopies(tx, now, SWEEP_BATCH);
      for (const d of ended) {
        const files = await repo.items(tx, d.id);
        for (const key of [...files.map((f) => f.storage_key), d.letter_key]) await ctx.storage.delete(key);
        await repo.markCopiesDeleted(tx, d.id, now);
        await repo.endCodes(tx, d.id, now);
        await appendEvent(tx, {
          requestId: d.request_id,
          companyId: d.company_id,
          actor: 'system',
          actorName: 'Retention',
          action: d.revoked_at ? 'disclosure_deleted' : 'disclosure_expired',
          body: `${
            d.revoked_at
              ? `Disclosure ${d.id} was revoked`
              : `Disclosure ${d.id} expired on ${d.expires_at.toISOString()}`
          }: its ${files.length + 1} files were deleted from storage; their hashes and the download log are kept.`,
          at: now,
        });
      }
      return ended.length;
    });
    total += n;
    if (n < SWEEP_BATCH) return total;
  }
}

// ---- The visitor

async function visitorDisclosure(ctx: ReleaseContext, request: RequestRow, disclosureId: number, now: Date) {
  const d = await repo.requestDisclosure(ctx.db, request.id, disclosureId);
  if (!d) throw notFound();
  if (stateOf(d, now) !== 'available') throw gone();
  return d;
}

export async function visitorDisclosures(ctx: ReleaseContext, reference: string, secret: string, now: Date) {
  const request = await visitorLinkRequest(ctx.db, ctx.env, reference, secret, now);
  const { disclosures } = await summaries(ctx.db, request.id, now);
  // The visitor hears from the company, not which of its staff pressed the button.
  return { disclosures: disclosures.map((d) => ({ ...d, releasedBy: request.operator })) };
}

const codeHash = (env: ResolvedEnv, disclosureId: number, code: string) =>
  createHmac('sha256', env.jwtSecret).update(`disclosure-code:${disclosureId}:${code}`).digest('hex');

/** a***@example.net: enough for the visitor to know which mailbox to look in. */
const masked = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/** Mails a new one-time code to the request's address; any code sent before stops working. */
export async function sendCode(
  ctx: ReleaseContext,
  reference: string,
  secret: string,
  disclosureId: number,
  now: Date,
) {
  const request = await visitorLinkRequest(ctx.db, ctx.env, reference, secret, now);
  const d = await visitorDisclosure(ctx, request, disclosureId, now);
  const code = String(randomInt(0, 10 ** DISCLOSURE_CODE_DIGITS)).padStart(DISCLOSURE_CODE_DIGITS, '0');
  const expiresAt = new Date(now.getTime() + DISCLOSURE_CODE_MINUTES * MINUTE_MS);
  await ctx.db.transaction(async (tx) => {
    await repo.endCodes(tx, d.id, now);
    await repo.insertCode(tx, {
      disclosureId: d.id,
      codeHash: codeHash(ctx.env, d.id, code),
      sentTo: request.visitor_email,
      at: now,
      expiresAt,
    });
    await enqueueMail(
      tx,
      codeMail(brandOf(request), request.visitor_email, {
        reference: request.reference,
        operator: request.operator,
        code,
      }),
    );
  });
  return { sentTo: masked(request.visitor_email), expiresAt: expiresAt.toISOString() };
}

const grantSignature = (env: ResolvedEnv, requestId: number, disclosureId: number, until: number) =>
  createHmac('sha256', env.jwtSecret)
    .update(`disclosure-grant:${requestId}:${disclosureId}:${until}`)
    .digest('base64url');

/**
 * Exchanges the mailed code for a download grant: a token signed with the server's key, naming the
 * request, the disclosure and when it ends. A wrong code counts a try; the last try ends it.
 */
export async function exchangeCode(
  ctx: ReleaseContext,
  reference: string,
  secret: string,
  disclosureId: number,
  code: string,
  now: Date,
) {
  const request = await visitorLinkRequest(ctx.db, ctx.env, reference, secret, now);
  const d = await visitorDisclosure(ctx, request, disclosureId, now);
  const right = await ctx.db.transaction(async (tx) => {
    const open = await repo.openCode(tx, d.id);
    if (!open) return false;
    if (open.expires_at.getTime() <= now.getTime()) {
      await repo.endCode(tx, open.id, now);
      return false;
    }
    const given = Buffer.from(codeHash(ctx.env, d.id, code));
    if (!timingSafeEqual(given, Buffer.from(open.code_hash))) {
      await repo.countAttempt(tx, open.id, open.attempts + 1 >= DISCLOSURE_CODE_ATTEMPTS, now);
      return false;
    }
    await repo.endCode(tx, open.id, now);
    return true;
  });
  if (!right) throw new HttpError(400, messages.codeWrong);
  const until = now.getTime() + DISCLOSURE_GRANT_MINUTES * MINUTE_MS;
  // Never past the disclosure's own end.
  const ends = Math.min(until, d.expires_at.getTime());
  return {
    grant: `${d.id}.${ends}.${grantSignature(ctx.env, request.id, d.id, ends)}`,
    disclosureId: d.id,
    expiresAt: new Date(ends).toISOString(),
    maxAgeSeconds: Math.max(1, Math.floor((ends - now.getTime()) / 1000)),
  };
}

/** The disclosure a grant opens, if it is this disclosure's, unexpired and the disclosure still available. */
async function granted(
  ctx: ReleaseContext,
  reference: string,
  disclosureId: number,
  grant: string,
  now: Date,
): Promise<{ request: RequestRow; disclosure: repo.DisclosureRow }> {
  const [id, until, signature] = grant.split('.');
  const ends = Number(until);
  const stored = normaliseReference('R', reference);
  const request = stored === null ? undefined : await requestByReference(ctx.db, stored);
  const expected =
    request && Number.isSafeInteger(ends) ? grantSignature(ctx.env, request.id, disclosureId, ends) : '';
  const valid =
    id === String(disclosureId) &&
    signature !== undefined &&
    expected.length > 0 &&
    signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) &&
    ends > now.getTime();
  if (!valid || !request) throw new HttpError(403, messages.grantNeeded);
  const disclosure = await visitorDisclosure(ctx, request, disclosureId, now);
  return { request, disclosure };
}

// ---- Downloads

/** A single range of a Range header, or null for the whole file (no header, several ranges, or a stale If-Range). */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export type Download =
  | { status: 200 | 206; headers: Record<string, string>; stream: Readable }
  /** No such bytes: the file's size is in Content-Range, so the client can ask again. */
  | { status: 416; headers: Record<string, string>; stream: null };

/** Counts the bytes that leave, and writes them in the log when the response ends or is cut. */
function counted(ctx: ReleaseContext, source: Readable, logId: number): Readable {
  let bytes = 0;
  let written = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const finish = () => {
    if (written) return;
    written = true;
    repo.finishDownload(ctx.db, logId, bytes).catch(() => undefined);
  };
  counter.on('close', finish);
  counter.on('end', finish);
  source.on('error', (error) => counter.destroy(error));
  counter.on('close', () => source.destroy());
  return source.pipe(counter);
}

export interface DownloadRequest {
  reference: string;
  disclosureId: number;
  grant: string;
  range: string | undefined;
  ifRange: string | undefined;
  clientAddress: string;
  /** A HEAD: the headers only, nothing read from storage, nothing logged. */
  head: boolean;
}

async function serveStored(
  ctx: ReleaseContext,
  d: repo.DisclosureRow,
  input: DownloadRequest,
  file: { itemId: number | null; what: 'file' | 'letter'; key: string; size: number; sha256: string },
  headers: Record<string, string>,
  now: Date,
): Promise<Download> {
  const etag = `"${file.sha256}"`;
  const range = input.ifRange && input.ifRange !== etag ? null : parseRange(input.range, file.size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { 'content-range': `bytes */${file.size}` }, stream: null };
  }
  // Fastify answers a HEAD by reading the handler's stream to its end: a HEAD gets an empty one.
  const stream = input.head
    ? Readable.from([])
    : counted(
        ctx,
        await ctx.storage.getStream(file.key, range ?? undefined),
        await repo.startDownload(ctx.db, {
          disclosureId: d.id,
          itemId: file.itemId,
          what: file.what,
          at: now,
          clientAddress: input.clientAddress,
          rangeStart: range?.start ?? null,
          rangeEnd: range?.end ?? null,
        }),
      );
  const common = { ...headers, 'accept-ranges': 'bytes', etag, 'cache-control': 'private, no-store' };
  if (!range) return { status: 200, headers: { ...common, 'content-length': String(file.size) }, stream };
  return {
    status: 206,
    headers: {
      ...common,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
    },
    stream,
  };
}

export async function downloadFile(ctx: ReleaseContext, input: DownloadRequest, itemId: number, now: Date) {
  const { disclosure } = await granted(ctx, input.reference, input.disclosureId, input.grant, now);
  const item = (await repo.items(ctx.db, disclosure.id)).find((i) => i.id === itemId);
  if (!item) throw notFound();
  return {
    filename: item.filename,
    download: await serveStored(
      ctx,
      disclosure,
      input,
      { itemId: item.id, what: 'file', key: item.storage_key, size: item.size_bytes, sha256: item.sha256 },
      { 'content-type': item.content_type },
      now,
    ),
  };
}

export async function downloadLetter(ctx: ReleaseContext, input: DownloadRequest, now: Date) {
  const { request, disclosure } = await granted(ctx, input.reference, input.disclosureId, input.grant, now);
  return {
    filename: `letter-${request.reference}.pdf`,
    download: await serveStored(
      ctx,
      disclosure,
      input,
      {
        itemId: null,
        what: 'letter',
        key: disclosure.letter_key,
        size: disclosure.letter_size_bytes,
        sha256: disclosure.letter_sha256,
      },
      { 'content-type': 'application/pdf' },
      now,
    ),
  };
}

/** The evidence pack, a zip made as it is sent (the whole, not resumable: its files are). */
export async function downloadPack(ctx: ReleaseContext, input: DownloadRequest, now: Date) {
  const { request, disclosure } = await granted(ctx, input.reference, input.disclosureId, input.grant, now);
  const items = await repo.items(ctx.db, disclosure.id);
  const reference = request.reference;
  const stored = (filename: string, key: string, sha256: string, sizeBytes: number): PackFile => ({
    filename,
    sha256,
    sizeBytes,
    open: () => ctx.storage.getStream(key),
  });
  if (input.head) {
    return {
      filename: `evidence-${reference}-${disclosure.id}.zip`,
      download: {
        status: 200,
        headers: { 'content-type': 'application/zip', 'cache-control': 'private, no-store' },
        stream: Readable.from([]),
      } satisfies Download,
    };
  }
  const pack = await evidencePack({
    reference,
    operator: request.operator,
    releasedAt: disclosure.released_at.toISOString(),
    files: items.map((i) => stored(i.filename, i.storage_key, i.sha256, i.size_bytes)),
    letter: stored(
      `letter-${reference}.pdf`,
      disclosure.letter_key,
      disclosure.letter_sha256,
      disclosure.letter_size_bytes,
    ),
  });
  const logId = await repo.startDownload(ctx.db, {
    disclosureId: disclosure.id,
    itemId: null,
    what: 'pack',
    at: now,
    clientAddress: input.clientAddress,
    rangeStart: null,
    rangeEnd: null,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/zip',
    'cache-control': 'private, no-store',
    ...(pack.size === null ? {} : { 'content-length': String(pack.size) }),
  };
  return {
    filename: `evidence-${reference}-${disclosure.id}.zip`,
    download: { status: 200, headers, stream: counted(ctx, pack.stream, logId) } satisfies Download,
  };
}

/** The operator's view of who downloaded what. */
export async function downloadLog(
  ctx: ReleaseContext,
  companyId: number,
  requestId: number,
  disclosureId: number,
) {
  if (!(await companyRequest(ctx.db, companyId, requestId))) throw notFound();
  const d = await repo.requestDisclosure(ctx.db, requestId, disclosureId);
  if (!d) throw notFound();
  const rows = await repo.downloads(ctx.db, d.id);
  return {
    downloads: rows.map((r) => ({
      at: r.at.toISOString(),
      what: r.what,
      itemId: r.item_id,
      clientAddress: r.client_address,
      range:
        r.range_start === null || r.range_end === null ? null : { start: r.range_start, end: r.range_end },
      bytesSent: r.bytes_sent,
    })),
  };
}
