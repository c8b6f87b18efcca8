import { disclosureMessages } from '@app/contract/disclosures';
import type { DetailedError } from 'tus-js-client';
import { clearSession, readSession } from '../../../lib/session';

/**
 * Pieces of at most 8 MiB: each PATCH must arrive within the server's REQUEST_TIMEOUT_MS (30 s by
 * default, decision 0048), which 8 MiB does over a link of about 2.2 Mbit/s; a piece cut short is
 * resumed from the server's offset like any dropped connection.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/** Tries again after a dropped connection at once, then after 1, 3, 5, 10 and 20 seconds. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export interface UploadFailure {
  /** The server's status, or null when no answer came (the connection dropped). */
  status: number | null;
  /** What the operator reads. */
  message: string;
}

export interface UploadHandlers {
  /** The upload's address on the server is known (it is also kept in this browser to resume after a reload). */
  onStarted(url: string): void;
  onProgress(sentBytes: number, totalBytes: number): void;
  onSuccess(): void;
  /** Retries are over: the upload waits, paused, for the operator (or the connection's return). */
  onError(failure: UploadFailure): void;
}

/** An upload under way. */
export interface ClipUpload {
  /** Stops sending; the server keeps what arrived. */
  pause(): Promise<void>;
  /** Asks the server where it stopped (HEAD) and sends the rest from there. */
  resume(): void;
  /** Stops and removes the unfinished upload from the server. */
  cancel(): Promise<void>;
}

/** The server's words for a refusal: its JSON `message`, or the plain text tus answers with. */
function serverWords(body: string): string | undefined {
  const text = body.trim();
  if (text === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed;
      return typeof message === 'string' && message !== '' ? message : undefined;
    }
    return undefined;
  } catch {
    // Not JSON: tus's own answers are plain text.
    return text.length <= 300 ? text : undefined;
  }
}

export function failureOf(error: Error | DetailedError): UploadFailure {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response ? response.getStatus() : null;
  if (!response || !status) {
    return {
      status: null,
      message: 'The connection dropped. The upload resumes from where it stopped when you press Resume.',
    };
  }
  const words = serverWords(response.getBody() ?? '');
  switch (status) {
    case 401:
      return {
        status,
        message: 'Your session has ended. Sign in again, then choose the file again to resume.',
      };
    case 404:
      return { status, message: 'There is no such request (or upload) in your company.' };
    case 413:
      return { status, message: words ?? 'The file is larger than the most one upload may be.' };
    case 415:
      return { status, message: words ?? disclosureMessages.accepted };
    default:
      return {
        status,
        message: words ?? `The upload stopped: the server answered ${status}. Press Resume to try again.`,
      };
  }
}

type TusClient = typeof import('tus-js-client');
let tusClient: Promise<TusClient> | undefined;

/** The tus client, loaded once, on the first upload of the page (several files share the one load). */
const loadTus = () => {
  tusClient ??= import('tus-js-client').catch((cause: unknown) => {
    // Not kept when it failed (a dropped connection): the next upload tries again.
    tusClient = undefined;
    throw cause;
  });
  return tusClient;
};

/**
 * Starts (or, when this browser kept the address of an earlier upload of the same file, resumes) a
 * tus upload of `file` to the request at `endpoint` (POST /api/requests/{id}/clips/uploads). The
 * tus client is loaded here, on the first upload, so the request's page does not carry it.
 */
export async function uploadFile(
  endpoint: string,
  file: File,
  handlers: UploadHandlers,
): Promise<ClipUpload> {
  const tus = await loadTus();
  const upload = new tus.Upload(file, {
    endpoint,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    // The API reads `filename` (its extension must match the content); the type is for the record.
    metadata: { filename: file.name, filetype: file.type },
    // The address is kept in localStorage under the file's name, size and date, so a reloaded page
    // given the same file resumes it; it is forgotten once the upload is complete.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // The session's token, read as each request leaves (the API client's way: a Bearer header).
    onBeforeRequest: (request) => {
      const { token } = readSession();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onUploadUrlAvailable: () => {
      if (upload.url) handlers.onStarted(upload.url);
    },
    onProgress: (sent, total) => handlers.onProgress(sent, total),
    onSuccess: () => handlers.onSuccess(),
    onError: (error) => {
      const failure = failureOf(error);
      if (failure.status === 401) clearSession();
      handlers.onError(failure);
    },
  });
  const previous = await upload.findPreviousUploads();
  const resumable = previous.find((entry) => entry.uploadUrl);
  if (resumable) upload.resumeFromPreviousUpload(resumable);
  upload.start();
  return {
    pause: () => upload.abort(false),
    resume: () => upload.start(),
    cancel: () => upload.abort(true),
  };
}
