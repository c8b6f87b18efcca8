import { NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE } from '@app/contract/errors';
import type { FastifyInstance } from 'fastify';

function statusOf(error: unknown): number {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : 500;
}

/**
 * Every error answers JSON `{ message }`. A 4xx carries its own message (a validation problem,
 * an HttpError, a malformed body); a 5xx only the generic sentence, and the real error goes
 * to the log, so no stack, SQL or internal detail ever reaches a caller.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const status = statusOf(error);
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
