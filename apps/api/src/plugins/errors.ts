import { NOT_FOUND_MESSAGE } from '@app/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer, statusOf } from '../lib/error-answer';

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

/** Every error answers JSON `{ message }`, as lib/error-answer.ts says. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.log) request.log[answer.log.level]({ err: error }, answer.log.message);
    if (answer.retryAfter !== undefined) reply.header('retry-after', answer.retryAfter);
    return reply
      .code(answer.status)
      .type('application/json; charset=utf-8')
      .send({ message: answer.message });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('application/json; charset=utf-8').send({ message: NOT_FOUND_MESSAGE }),
  );
}
