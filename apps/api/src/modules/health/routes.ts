import { errorReplySchema } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** How long /api/ready waits for the database before calling it unavailable. */
const READY_TIMEOUT_MS = 2000;

export const NOT_READY_MESSAGE = 'Not ready: the database is not answering.';

async function databaseAnswers(ping: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up (liveness)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can serve requests: its database answers (readiness)',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorReplySchema },
      },
    },
    async (_request, reply) => {
      if (await databaseAnswers(() => app.db.query('select 1'))) return { status: 'ready' as const };
      return reply.code(503).send({ message: NOT_READY_MESSAGE });
    },
  );
};
