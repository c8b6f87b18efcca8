import { CONFLICT_MESSAGE, SERVER_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '@app/contract/errors';
import { DatabaseUnavailableError, isUniqueViolation } from '../db/db';
import { HttpError } from './http-error';

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

export function statusOf(error: unknown): number {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : 500;
}

/** What a caller is told of an error, and what the log says of it. */
export interface ErrorAnswer {
  status: number;
  /** The reply's `{ message }`. */
  message: string;
  /** Retry-After in seconds, when the caller may simply try again later. */
  retryAfter?: string;
  /** Undefined: a refusal the caller caused, not worth a log line. */
  log?: { level: 'error' | 'warn'; message: string };
}

/**
 * Every error answers `{ message }`. A 4xx carries its own message (a validation problem, an
 * HttpError, a malformed body); a 5xx only the generic sentence, the real error going to the log,
 * so no stack, SQL or internal detail ever reaches a caller. While the database is out of reach,
 * 503 with a sentence asking to try again, and Retry-After. One mapping for the API's error
 * handler (plugins/errors.ts) and for the reads the server render makes in process
 * (lib/page-reads.ts), so a page is drawn around the very answer the browser would get.
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DatabaseUnavailableError) {
    return {
      status: 503,
      message: UNAVAILABLE_MESSAGE,
      retryAfter: String(UNAVAILABLE_RETRY_AFTER_S),
      log: { level: 'error', message: 'Request failed: the database is unavailable' },
    };
  }
  // A unique row written by another request between this one's check and its write: a race the
  // caller can retry, not our fault (a service that can name the row answers its own 409 first).
  if (isUniqueViolation(error)) {
    return {
      status: 409,
      message: CONFLICT_MESSAGE,
      log: { level: 'warn', message: 'Refused a write that raced another' },
    };
  }
  const status = statusOf(error);
  if (error instanceof HttpError && status === 503) {
    return {
      status,
      message: error.message,
      retryAfter: String(UNAVAILABLE_RETRY_AFTER_S),
      log: { level: 'warn', message: 'Refused while the server cannot serve it' },
    };
  }
  if (status >= 500) {
    return { status, message: SERVER_ERROR_MESSAGE, log: { level: 'error', message: 'Request failed' } };
  }
  return { status, message: error instanceof Error && error.message ? error.message : 'Bad request' };
}
