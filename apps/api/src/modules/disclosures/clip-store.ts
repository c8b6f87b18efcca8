import { createHash, type Hash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, type Upload } from '@tus/server';
import type { FileStorage } from '../../lib/storage';
import { HEAD_BYTES } from './content-kind';

/** What the store asks of the module as bytes arrive. */
export interface ClipStoreChecks {
  /**
   * Judges an upload's first bytes (at most HEAD_BYTES; fewer only when the PATCH ended sooner).
   * Rejects with the refusal, shaped as tus answers errors ({ status_code, body }).
   */
  checkHead(id: string, head: Buffer): Promise<void>;
}

/** The SHA-256 of an upload so far, and how many bytes it has taken in. */
interface HashState {
  hash: Hash;
  offset: number;
}

/**
 * Holds back an upload's first bytes until they are judged, then lets every byte through, adding
 * it to the upload's hash as it passes. A refused upload has handed nothing on to be stored.
 */
class CheckingHasher extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private open: boolean;

  constructor(
    private readonly state: HashState | undefined,
    private readonly check: ((head: Buffer) => Promise<void>) | undefined,
  ) {
    super();
    this.open = check === undefined;
  }

  private pass(chunk: Buffer): void {
    if (this.state) {
      this.state.hash.update(chunk);
      this.state.offset += chunk.length;
    }
    this.push(chunk);
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.held);
    this.held = [];
    (this.check as (head: Buffer) => Promise<void>)(head.subarray(0, HEAD_BYTES)).then(() => {
      this.open = true;
      this.pass(head);
      callback();
    }, callback);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.open) {
      this.pass(chunk);
      callback();
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < HEAD_BYTES) callback();
    else this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.open || this.heldBytes === 0) callback();
    else this.release(callback);
  }
}

/**
 * The tus data store of disclosure files: the file store (DATA_DIR) or the S3 store, wrapped so
 * that an upload's content is judged from its first bytes before any is stored, and its SHA-256
 * grows with every PATCH as the bytes stream through (docs/decisions/0048-resumable-clip-uploads.md).
 * The hash's state lives in this process: after a restart, or a PATCH that failed after some bytes
 * were hashed but not stored, the finished upload is hashed by one streaming read instead.
 */
export class ClipStore extends DataStore {
  private readonly hashes = new Map<string, HashState>();

  constructor(
    private readonly inner: DataStore,
    /** The same files as `inner` stores, by the upload's id as storage key (for the fallback read). */
    private readonly storage: FileStorage,
    private readonly checks: ClipStoreChecks,
  ) {
    super();
    // Every upload declares its length up front, so the size limit is checked before any byte.
    this.extensions = inner.extensions.filter((e) => e !== 'creation-defer-length' && e !== 'expiration');
  }

  override create(file: Upload): Promise<Upload> {
    return this.inner.create(file);
  }

  override async remove(id: string): Promise<void> {
    this.hashes.delete(id);
    await this.inner.remove(id);
  }

  override getUpload(id: string): Promise<Upload> {
    return this.inner.getUpload(id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let state = this.hashes.get(id);
    if (offset === 0) {
      state = { hash: createHash('sha256'), offset: 0 };
      this.hashes.set(id, state);
    } else if (state && state.offset !== offset) {
      this.hashes.delete(id);
      state = undefined;
    }
    let refusal: unknown;
    const check =
      offset === 0
        ? (head: Buffer) =>
            this.checks.checkHead(id, head).catch((error: unknown) => {
              refusal = error;
              throw error;
            })
        : undefined;
    const gate = new CheckingHasher(state, check);
    // Errors of the request's stream reach the store through the gate, which they destroy.
    pipeline(readable, gate).catch(() => undefined);
    try {
      const written = await this.inner.write(gate, id, offset);
      if (state && state.offset !== written) this.hashes.delete(id);
      return written;
    } catch (error) {
      if (refusal !== undefined) {
        // Nothing of a refused upload stays: not its (empty) file, not its information.
        this.hashes.delete(id);
        await this.inner.remove(id).catch(() => undefined);
        throw refusal;
      }
      // Keep the hash only when it covers exactly what was stored before the failure.
      const stored = await this.inner.getUpload(id).then(
        (upload) => upload.offset,
        () => -1,
      );
      if (state && state.offset !== stored) this.hashes.delete(id);
      throw error;
    }
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(id, length);
  }

  override deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  override getExpiration(): number {
    return 0;
  }

  /**
   * The SHA-256 of a finished upload: from the hash kept as it streamed in, or, when this process
   * did not see every byte, from one streaming read of the stored file. Says which it was.
   */
  async finishedHash(id: string, size: number): Promise<{ sha256: string; whileStreaming: boolean }> {
    const state = this.hashes.get(id);
    this.hashes.delete(id);
    if (state && state.offset === size) return { sha256: state.hash.digest('hex'), whileStreaming: true };
    const hash = createHash('sha256');
    for await (const chunk of await this.storage.getStream(id)) hash.update(chunk as Buffer);
    return { sha256: hash.digest('hex'), whileStreaming: false };
  }
}
