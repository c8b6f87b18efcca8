import { disclosureLogReply } from '@app/contract/disclosure-log';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/file-headers';
import { sessionUser } from '../../plugins/auth';
import * as service from './log-service';

const tags = ['disclosures'];
const errors = { 401: errorReplySchema, 403: errorReplySchema };

/**
 * The company's disclosure log (docs/decisions/0053-the-disclosure-log.md): master users only, as
 * it names who received footage of whom; the rows are always the caller's own company's.
 */
export const disclosureLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/company/disclosure-log',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary:
          "Your company's disclosure log (master users): every disclosure and third-party decision, newest first",
        description:
          'Date, recipient, organisation, legal basis, what was disclosed with its SHA-256, who authorised it, when it expired or was revoked, and its downloads. The newest 500; the CSV holds every entry.',
        response: { 200: disclosureLogReply, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.disclosureLog(app.db, sessionUser(request).companyId, app.clock());
    },
  );

  app.get(
    '/api/company/disclosure-log.csv',
    {
      config: { auth: 'master' },
      schema: { tags, summary: "Your company's whole disclosure log as CSV (master users)" },
    },
    async (request, reply) => {
      const csv = await service.disclosureLogCsv(app.db, sessionUser(request).companyId, app.clock());
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'disclosure-log.csv'))
        .header('cache-control', 'no-store');
      return csv;
    },
  );
};
