import {
  CONFLICT_MESSAGE,
  NOT_FOUND_MESSAGE,
  SERVER_ERROR_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '@app/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError, isUniqueViolation } from '../db/db';
import { HttpError } from '../lib/http-error';

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

function statusOf(error: unknown): number {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : 500;
}

export const BAD_ADDRESS_MESSAGE = 'The address of this request is not valid.';

/**
 * Errors Fastify meets before any route runs (a malformed escape in the URL, a path parameter
 * longer than it allows): the same `{ message }` shape, without echoing the address back.
 * Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = statusOf(error);
  request.log.info({ code: error.code }, 'Refused a request Fastify could not route');
  reply
    .code(status >= 500 ? 400 : status)
    .type('application/json; charset=utf-8')
    .send({ message: BAD_ADDRESS_MESSAGE });
}

/**
 * Every error answers JSON `{ message }`. A 4xx carries its own message (a validation problem,
 * an HttpError, a malformed body); a 5xx only the generic sentence, and the real error goes
 * to the log, so no stack, SQL or internal detail ever reaches a caller. While the database is
 * out of reach, 503 with a sentence asking to try again, and Retry-After.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DatabaseUnavailableError) {
      request.log.error({ err: error }, 'Request failed: the database is unavailable');
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .type('application/json; charset=utf-8')
        .send({ message: UNAVAILABLE_MESSAGE });
    }
    // A unique row written by another request between this one's check and its write: a race the
    // caller can retry, not our fault (a service that can name the row answers its own 409 first).
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'Refused a write that raced another');
      return reply.code(409).type('application/json; charset=utf-8').send({ message: CONFLICT_MESSAGE });
    }
    const status = statusOf(error);
    if (error instanceof HttpError && status === 503) {
      request.log.warn({ err: error }, 'Refused while the server cannot serve it');
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .type('application/json; charset=utf-8')
        .send({ message: error.message });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'Request failed');
      return reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send({ message: SERVER_ERROR_MESSAGE });
    }
    const message = error instanceof Error && error.message ? error.message : 'Bad request';
    return reply.code(status).type('application/json; charset=utf-8').send({ message });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('application/json; charset=utf-8').send({ message: NOT_FOUND_MESSAGE }),
  );
}
