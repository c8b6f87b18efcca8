import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { type DataStore, ERRORS, EXPOSED_HEADERS, type Locker, TUS_RESUMABLE } from '@tus/server';

/** An error as tus answers it. */
export interface TusAnswer {
  status_code: number;
  body: string;
}

export interface PatchDeps {
  store: DataStore;
  /** The tus server's own locker, so a PATCH here and tus's HEAD and DELETE exclude each other. */
  locker: Locker;
  /** How long a PATCH asked to give up its lock goes on before it stops (tus's lockDrainTimeout). */
  lockDrainTimeout: number;
  /** Every byte has arrived (tus's onUploadFinish). */
  finished(id: string, size: number): Promise<void>;
  /** The status and body an error is answered with (tus's onResponseError, applied). */
  answerFor(error: unknown): Promise<TusAnswer>;
}

const WHOLE_NUMBER = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && String(n) === value && n >= 0;
};

/** The request headers tus 1.0 defines for a PATCH, and what each may hold (as @tus/server checks them). */
const VALID: Record<string, (value: string) => boolean> = {
  'tus-resumable': (value) => value === TUS_RESUMABLE,
  'upload-offset': WHOLE_NUMBER,
  'upload-length': WHOLE_NUMBER,
  'upload-defer-length': (value) => value === '1',
  'content-type': (value) => value === 'application/offset+octet-stream',
};

/** Stops a body that runs past what the upload has room for (tus's StreamLimiter, 413). */
class Limit extends Transform {
  private left: number;
  exceeded = false;

  constructor(max: number) {
    // Large buffers between the socket and the disk: fewer, larger writes.
    super({ highWaterMark: 1024 * 1024 });
    this.left = max;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.left -= chunk.length;
    if (this.left < 0) {
      this.exceeded = true;
      callback(Object.assign(new Error('Maximum size exceeded'), ERRORS.ERR_SIZE_EXCEEDED));
    } else callback(null, chunk);
  }
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  if (response.headersSent || response.destroyed) return;
  const content = status === 204 ? '' : body;
  response.writeHead(status, {
    ...headers,
    ...(content ? { 'content-length': String(Buffer.byteLength(content)) } : {}),
  });
  response.end(content);
}

/**
 * A tus 1.0 PATCH of the upload `id`, read straight from the Node request
 * (docs/decisions/0061-clip-patch-on-node-streams.md): the same checks, lock, answers and ending
 * as @tus/server 2.x's PatchHandler, without turning the request into a web stream and back,
 * which cost the upload two thirds of its speed. Bytes that arrived before the connection dropped,
 * or before another request took the upload's lock, are kept, so the client resumes from them.
 */
export async function handlePatch(
  deps: PatchDeps,
  id: string | undefined,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const headers: Record<string, string> = {
    'tus-resumable': TUS_RESUMABLE,
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  if (header('tus-resumable') === undefined) {
    send(response, 412, headers, 'Tus-Resumable Required\n');
    return;
  }
  const invalid = Object.keys(VALID).filter((name) => {
    const value = header(name);
    return value !== undefined && !(VALID[name] as (value: string) => boolean)(value);
  });
  if (invalid.length > 0) {
    send(response, 400, headers, `Invalid ${invalid.join(' ')}\n`);
    return;
  }

  // Aborted when the client goes, or when the lock was asked for and the drain time has passed:
  // the bytes read so far are stored and the answer closes the connection.
  const stop = new AbortController();
  const onGone = () => {
    if (!request.readableEnded) stop.abort(ERRORS.ABORTED);
  };
  request.once('error', onGone);
  request.once('close', onGone);
  let drain: NodeJS.Timeout | undefined;
  try {
    if (!id) throw ERRORS.FILE_NOT_FOUND;
    const offsetHeader = header('upload-offset');
    if (offsetHeader === undefined) throw ERRORS.MISSING_OFFSET;
    const offset = Number.parseInt(offsetHeader, 10);
    if (header('content-type') === undefined) throw ERRORS.INVALID_CONTENT_TYPE;

    const lock = deps.locker.newLock(id);
    await lock.lock(stop.signal, () => {
      drain ??= setTimeout(() => stop.abort(ERRORS.ABORTED), deps.lockDrainTimeout);
    });
    let size: number | undefined;
    let written: number;
    try {
      const upload = await deps.store.getUpload(id);
      // The offsets must match, or the upload is left as it is (409 Conflict).
      if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
      // Every upload declares its length when it is created: it cannot be declared now.
      if (header('upload-length') !== undefined) throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
      size = upload.size ?? 0;
      const length = header('content-length');
      if (offset + Number.parseInt(length ?? '0', 10) > size) throw ERRORS.ERR_SIZE_EXCEEDED;
      written = await writeBody(
        deps.store,
        request,
        id,
        offset,
        length ? Number(length) : size - offset,
        stop,
      );
    } finally {
      await lock.unlock();
    }
    if (written === size) await deps.finished(id, size);
    send(response, 204, {
      ...headers,
      'upload-offset': String(written),
      ...(stop.signal.aborted ? { connection: 'close' } : {}),
    });
  } catch (error) {
    stop.abort(ERRORS.ABORTED);
    const answer = await deps.answerFor(error);
    send(response, answer.status_code, { ...headers, connection: 'close' }, answer.body);
  } finally {
    clearTimeout(drain);
    request.off('error', onGone);
    request.off('close', onGone);
  }
}

/**
 * Streams the request's body (at most `max` bytes) to the store at `offset`. When `stop` aborts,
 * the body is cut where it is and what was read so far is stored, as tus does.
 */
async function writeBody(
  store: DataStore,
  request: IncomingMessage,
  id: string,
  offset: number,
  max: number,
  stop: AbortController,
): Promise<number> {
  if (stop.signal.aborted) throw ERRORS.ABORTED;
  const limit = new Limit(max);
  // pipe, not pipeline: an error of the request must not destroy the bytes already read.
  request.pipe(limit);
  const cut = () => {
    request.unpipe(limit);
    if (!limit.destroyed && !limit.writableEnded) limit.end();
  };
  stop.signal.addEventListener('abort', cut, { once: true });
  try {
    return await store.write(limit, id, offset);
  } catch (error) {
    request.unpipe(limit);
    throw limit.exceeded ? ERRORS.ERR_SIZE_EXCEEDED : error;
  } finally {
    stop.signal.removeEventListener('abort', cut);
  }
}
