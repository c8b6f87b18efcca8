import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER_ERROR_MESSAGE } from '@app/contract/errors';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, MemoryLocker, Server, type ServerOptions } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import type { FileStorage } from '../../lib/storage';
import { handlePatch, type PatchDeps, type TusAnswer } from './clip-patch';
import { ClipStore, type ClipStoreChecks } from './clip-store';

/**
 * The storage key our route chose for a new upload, by the Node request that creates it: tus names
 * the upload with it, so a client can never choose where its bytes go.
 */
const preparedKeys = new WeakMap<IncomingMessage, string>();

export function prepareKey(request: IncomingMessage, key: string): void {
  preparedKeys.set(request, key);
}

/** The Node request under tus's web request (tus runs on Node here, so it is always there). */
const nodeRequest = (req: { runtime?: { node?: { req: IncomingMessage } } }) => req.runtime?.node?.req;

const UPLOAD_PATH = /^\/api\/requests\/(\d+)\/clips\/uploads\/([0-9a-f-]{36})\/?$/;
const KEY = /^uploads\/clips\/(\d+)\/([0-9a-f-]{36})$/;

/** The storage key (and tus id) of an upload: `uploads/clips/<request id>/<uuid>`. */
export const uploadKey = (requestId: number, uuid: string) => `uploads/clips/${requestId}/${uuid}`;

/** Where a client resumes an upload: its own address under the request. */
export function uploadUrl(key: string): string {
  const match = KEY.exec(key);
  if (!match) throw new Error(`Not an upload key: ${key}`);
  return `/api/requests/${match[1]}/clips/uploads/${match[2]}`;
}

export interface ClipUploads {
  server: Server;
  store: ClipStore;
}

export interface ClipUploadHooks extends ClipStoreChecks {
  /** Every byte has arrived: record the file and its hash. */
  finished(id: string, size: number): Promise<void>;
}

function innerStore(env: ResolvedEnv): DataStore {
  if (env.storage.kind === 's3') {
    const s3 = env.storage;
    return new S3Store({
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        // Checksums only where S3 requires them (as the SDK did before 3.729). Its newer default
        // streams every part as `aws-chunked` with a trailing CRC32, which many S3-compatible stores
        // (MinIO before 2024, Ceph RGW, Backblaze B2, others) refuse; STORAGE=s3 is meant for them too.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
      // No expiration tags: unfinished uploads are the module's to remove, with their rows.
      useTags: false,
    });
  }
  // Ids are storage keys, so the files land where the disk storage (DATA_DIR) finds them.
  return new FileStore({ directory: env.dataDir });
}

/** The id of the upload a request's URL names (its storage key), if it names one. */
function idOf(url: string): string | undefined {
  const match = UPLOAD_PATH.exec(new URL(url, 'http://localhost').pathname);
  return match?.[1] && match[2] ? uploadKey(Number(match[1]), match[2]) : undefined;
}

/**
 * @tus/server for creating, probing and cancelling uploads; a PATCH's bytes are read here, straight
 * from the Node request, under tus's own lock (docs/decisions/0061-clip-patch-on-node-streams.md).
 */
class ClipServer extends Server {
  constructor(
    options: ServerOptions & { datastore: DataStore },
    private readonly patch: PatchDeps,
  ) {
    super(options);
  }

  override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'PATCH') return super.handle(req, res);
    await handlePatch(this.patch, idOf(req.url ?? '/'), req, res);
  }
}

/** The tus server of disclosure uploads, over the storage STORAGE names. */
export function createClipUploads(
  env: ResolvedEnv,
  storage: FileStorage,
  hooks: ClipUploadHooks,
  log: FastifyBaseLogger,
): ClipUploads {
  const store = new ClipStore(innerStore(env), storage, hooks);
  /** How an error is answered: a refusal as it was shaped, anything else logged and told apart from nothing. */
  const refusal = (error: unknown): TusAnswer | undefined => {
    if (error instanceof HttpError) return { status_code: error.statusCode, body: error.message };
    if (typeof error === 'object' && error && 'status_code' in error && Number(error.status_code) < 500)
      return undefined;
    // tus would put the error's own message in the body: it is logged, never sent.
    log.error({ err: error }, 'A disclosure upload failed');
    return { status_code: 500, body: SERVER_ERROR_MESSAGE };
  };
  // One lock per upload, shared by tus's requests and the PATCH read here.
  const locker = new MemoryLocker();
  const lockDrainTimeout = 3000;
  const server = new ClipServer(
    {
      path: '/api/requests',
      datastore: store,
      maxSize: env.clipMaxBytes,
      locker,
      lockDrainTimeout,
      // CORS is answered by the API's own plugin, for the brands' origins only.
      allowedOrigins: () => false,
      namingFunction: (req) => {
        const node = nodeRequest(req as Parameters<typeof nodeRequest>[0]);
        const key = node && preparedKeys.get(node);
        if (!key) throw new HttpError(400, 'The upload was not prepared.');
        return key;
      },
      generateUrl: (_req, { id }) => uploadUrl(id),
      getFileIdFromRequest: (req) => idOf(req.url),
      onUploadFinish: async (_req, upload) => {
        await hooks.finished(upload.id, upload.size ?? upload.offset);
        return {};
      },
      onResponseError: (_req, error) => refusal(error),
    },
    {
      store,
      locker,
      lockDrainTimeout,
      finished: hooks.finished,
      answerFor: async (error) => {
        const answer = refusal(error);
        if (answer) return answer;
        // As tus answers an error of its own: its status and body.
        const { status_code, body } = error as TusAnswer;
        return { status_code, body };
      },
    },
  );
  return { server, store };
}
