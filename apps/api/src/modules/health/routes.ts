import { errorReplySchema } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers } from './service';

export const NOT_READY_MESSAGE = 'Not ready: the database is not answering.';

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
      if (await databaseAnswers(app.db)) return { status: 'ready' as const };
      return reply.code(503).send({ message: NOT_READY_MESSAGE });
    },
  );
};
