import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  contactMessages,
  detectUploadKind,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  type UploadKind,
  uploadContentType,
} from '@app/contract/contact';
import { SHUTTING_DOWN_MESSAGE } from '@app/contract/errors';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { FileStorage } from '../../lib/storage';

/** The part that carries the form's fields as JSON, and the part name of each attached file. */
export const DATA_PART = 'data';
export const FILE_PART = 'uploadFile';

/**
 * Multipart bodies for the routes of the calling plugin only (the forms that take files), read by
 * those routes (request.parts()), not parsed up front; these are the outer bounds of any of them.
 * Registered there and not for the whole app, every other route refuses a multipart body (415)
 * and skips the plugin's hooks (a listener and two promises per request).
 */
export async function registerFormParts(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 10,
      parts: 20,
      fieldSize: 256 * 1024,
    },
  });
}

/** A file of the form, already in storage (streamed there as it arrived, never held whole). */
export interface UploadedFile {
  /** The sender's name for it, cleaned, with the extension of its real type. */
  fileName: string;
  kind: UploadKind;
  contentType: string;
  size: number;
  sha256: string;
  /** Where it is stored: `uploads/<kind>/<upload id>/<position>-<name>`. */
  storageKey: string;
}

export interface FormParts {
  /** The parsed JSON of the `data` part (checked by the caller's schema). */
  data: unknown;
  files: UploadedFile[];
}

const EXTENSIONS: Record<UploadKind, string[]> = { pdf: ['.pdf'], jpeg: ['.jpg', '.jpeg'] };

/**
 * A file name safe to show and to use on disk: no folders, no control or odd characters, at
 * most 100 characters, and an extension that matches what the file really is.
 */
export function cleanFileName(original: string, kind: UploadKind, position: number): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    .normalize('NFKC')
    .replace(/[^\w.\- ()]+/g, '_')
    .replace(/^[.\s_]+/, '')
    .trim();
  const fallback = `attachment-${position}`;
  const name = (base || fallback).slice(0, 100);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return EXTENSIONS[kind].includes(extension) ? name : `${name}${EXTENSIONS[kind][0]}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, contactMessages.dataNotJson);
  }
}

/** @fastify/multipart's limit and format errors, as a 400 that says what to do. */
function asFormError(error: unknown, currentFile: string | undefined): unknown {
  if (error instanceof HttpError || error instanceof StorageFailure) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(400, contactMessages.fileTooLarge(currentFile ?? 'The file'));
    case 'FST_FILES_LIMIT':
      return new HttpError(400, contactMessages.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, contactMessages.unexpectedPart('(too many parts)'));
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, contactMessages.dataNotJson);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, contactMessages.notMultipart);
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, contactMessages.unexpectedPart('__proto__'));
    default:
      // Besides storage (above), nothing else runs while the parts are read: any other error is the body's (cut short,
      // a malformed part header, a missing boundary), not the server's.
      return new HttpError(400, contactMessages.formUnreadable);
  }
}

const HEAD_BYTES = 8;

/** The storage refused or failed a file: the server's fault, answered 500, not the form's. */
class StorageFailure extends Error {
  override name = 'StorageFailure';
  constructor(override readonly cause: unknown) {
    super(`Storing an upload failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Passes an upload through while checking it: refuses it once it grows past `maxBytes` (so a
 * large file is stopped while it streams, not after), judges its type by its first bytes before
 * passing any on, and hashes it. `kind` settles with the type, or null for a file with no bytes.
 */
class UploadCheck extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  readonly kind: Promise<UploadKind | null>;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;
  private settle!: (kind: UploadKind | null) => void;

  constructor(
    private readonly maxBytes: number,
    private readonly shownName: string,
  ) {
    super();
    this.kind = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.once('error', reject);
    });
    // Settled or not, nobody is left with an unhandled rejection: readers await `kind` first.
    this.kind.catch(() => undefined);
  }

  private decide(): Error | undefined {
    const head = Buffer.concat(this.head);
    const kind = detectUploadKind(head.subarray(0, HEAD_BYTES));
    if (!kind) return new HttpError(400, contactMessages.fileType(this.shownName));
    this.decided = true;
    this.settle(kind);
    this.push(head);
    this.head = [];
    return undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new HttpError(400, contactMessages.fileTooLarge(this.shownName)));
      return;
    }
    this.hash.update(chunk);
    if (this.decided) {
      done(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    done(this.headLength >= HEAD_BYTES ? this.decide() : undefined);
  }

  override _flush(done: TransformCallback): void {
    if (!this.decided && this.headLength === 0) this.settle(null);
    done(this.decided || this.headLength === 0 ? undefined : this.decide());
  }
}

interface ReadOptions {
  storage: FileStorage;
  /** The first part of each stored file's key: `uploads/contact`, `uploads/partnership`. */
  keyPrefix: string;
}

/**
 * Settles only when the form fails (cut short, over a limit) while one of its files is being read.
 * @fastify/multipart hands such an error to the parts iterator, not to the file's stream, which
 * then neither ends nor errors: without this, a form cut short inside a file waits for ever.
 */
function formFailure(nextPart: Promise<unknown>): Promise<never> {
  const failure = nextPart.then(() => new Promise<never>(() => undefined));
  // Whoever reads a file handles it; a part refused before that leaves nobody listening.
  failure.catch(() => undefined);
  return failure;
}

/**
 * Rejects with a 503 once the server is told to stop (SIGTERM), so an upload still streaming in ends
 * like a form cut short: its stored part removed, the sender answered (with Retry-After) rather
 * than cut off. `dispose` takes the listener off the server-wide signal when the form is read.
 */
function shutdownFailure(signal: AbortSignal): { failure: Promise<never>; dispose: () => void } {
  let reject: (error: HttpError) => void = () => undefined;
  const failure = new Promise<never>((_resolve, fail) => {
    reject = fail;
  });
  const onAbort = () => reject(new HttpError(503, SHUTTING_DOWN_MESSAGE));
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  failure.catch(() => undefined);
  return { failure, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/**
 * A part whose stream the multipart reader already destroyed (the form failed after it, before
 * this code reached it) will never give its bytes: the form's error is the answer.
 */
function stillReadable(part: MultipartFile): void {
  if (part.file.destroyed) throw part.file.errored ?? new HttpError(400, contactMessages.formUnreadable);
}

async function readFile(
  part: MultipartFile,
  position: number,
  folder: string,
  storage: FileStorage,
  failure: Promise<never>,
): Promise<UploadedFile | null> {
  stillReadable(part);
  const shownName = part.filename || `attachment-${position}`;
  const check = new UploadCheck(UPLOAD_MAX_BYTES, shownName);
  let bodyFailed = false;
  part.file.on('error', (error) => {
    bodyFailed = true;
    check.destroy(error);
  });
  part.file.pipe(check);
  const stop = failure.catch((error: unknown) => {
    check.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  stop.catch(() => undefined);
  const kind = await Promise.race([check.kind, stop]);
  if (kind === null) {
    check.resume();
    // A form posted with an empty file input sends a part with no name and no bytes.
    if (part.filename === '') return null;
    throw new HttpError(400, contactMessages.fileEmpty(shownName));
  }
  const fileName = cleanFileName(part.filename, kind, position);
  const storageKey = `${folder}/${position}-${fileName}`;
  const put = storage.putStream(storageKey, check, uploadContentType[kind]);
  put.catch(() => undefined);
  try {
    // When the form fails mid-file, the storage is let finish its clean-up before the refusal.
    const stopped = stop.catch(async (error: unknown) => {
      await put.catch(() => undefined);
      throw error;
    });
    await Promise.race([put, stopped]);
  } catch (error) {
    // The upload's fault (too large, cut short) is the sender's; the storage's own is ours (500).
    if (error instanceof HttpError || bodyFailed) throw error;
    throw new StorageFailure(error);
  }
  return {
    fileName,
    kind,
    contentType: uploadContentType[kind],
    size: check.size,
    sha256: check.hash.digest('hex'),
    storageKey,
  };
}

/** Removes the stored files of a form that was refused or failed. */
export async function discardFiles(storage: FileStorage, files: readonly UploadedFile[]): Promise<void> {
  await Promise.allSettled(files.map((file) => storage.delete(file.storageKey)));
}

/**
 * Reads a form of the contact kind: a `data` part with the fields as JSON (a plain field, a JSON
 * field or a JSON file) and up to UPLOAD_MAX_FILES `uploadFile` parts, each a PDF or JPEG of at
 * most UPLOAD_MAX_BYTES, judged by its first bytes. Files are streamed to storage as they arrive,
 * checked on the way; the caller discards them (`discardFiles`) if it refuses the form. The
 * first problem ends the request with a 400 whose message says what is wrong; nothing is kept.
 */
export async function readFormParts(request: FastifyRequest, options: ReadOptions): Promise<FormParts> {
  if (!request.isMultipart()) throw new HttpError(400, contactMessages.notMultipart);
  let data: unknown;
  let sawData = false;
  const files: UploadedFile[] = [];
  let currentFile: string | undefined;
  const folder = `${options.keyPrefix}/${randomUUID()}`;
  const shutdown = shutdownFailure(request.server.shuttingDown);
  /** Settles only when the form fails or the server stops while a part is being read. */
  const failureOf = (nextPart: Promise<unknown>) => {
    const failure = Promise.race([formFailure(nextPart), shutdown.failure]);
    // As formFailure's own: a part refused before it is read leaves nobody listening.
    failure.catch(() => undefined);
    return failure;
  };
  try {
    const parts = request.parts({
      // One byte over the limit reaches the check, which refuses the file with its name.
      limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: UPLOAD_MAX_FILES, fields: 5, parts: 10 },
    });
    const iterator = parts[Symbol.asyncIterator]();
    let next = iterator.next();
    for (;;) {
      const { value: part, done } = await Promise.race([next, shutdown.failure]);
      if (done) break;
      // Asked for at once: a failure of the form while this part is read rejects it.
      next = iterator.next();
      next.catch(() => undefined);
      if (part.fieldname === DATA_PART) {
        if (sawData) throw new HttpError(400, contactMessages.unexpectedPart(`${DATA_PART} (twice)`));
        sawData = true;
        if (part.type === 'file') {
          stillReadable(part);
          data = parseJson((await Promise.race([part.toBuffer(), failureOf(next)])).toString('utf8'));
        } else {
          data = typeof part.value === 'string' ? parseJson(part.value) : part.value;
        }
        continue;
      }
      if (part.fieldname === FILE_PART && part.type === 'file') {
        currentFile = part.filename || `attachment-${files.length + 1}`;
        const file = await readFile(part, files.length + 1, folder, options.storage, failureOf(next));
        currentFile = undefined;
        if (file) files.push(file);
        continue;
      }
      throw new HttpError(400, contactMessages.unexpectedPart(part.fieldname));
    }
    if (!sawData) throw new HttpError(400, contactMessages.dataMissing);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new HttpError(400, contactMessages.dataNotJson);
    }
  } catch (error) {
    await discardFiles(options.storage, files);
    throw asFormError(error, currentFile);
  } finally {
    shutdown.dispose();
  }
  return { data, files };
}
