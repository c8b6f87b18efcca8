import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { checkAdmin } from '../../plugins/admin';

export const NOT_EMBEDDED =
  'This server uses PostgreSQL (DATABASE_URL): npm run db:backup backs it up with pg_dump, without the server.';

/**
 * The backup of the embedded database, for `npm run db:backup`: PGlite is one process's
 * database, so while the server runs only the server can read it.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/backup',
    {
      config: { auth: 'public' },
      onRequest: async (request) => checkAdmin(request, app.adminToken),
      schema: {
        tags: ['admin'],
        summary:
          'The embedded database as a gzip tarball of its data directory (npm run db:backup; loopback only, header x-admin-token)',
        description: '401, 403 or 409 (a server on PostgreSQL) with `{ message }`.',
      },
    },
    async (request, reply) => {
      if (!app.db.dumpDataDir) throw new HttpError(409, NOT_EMBEDDED);
      const dump = await app.db.dumpDataDir();
      request.log.info({ bytes: dump.size }, 'Backed up the embedded database');
      return reply
        .header('cache-control', 'no-store')
        .type('application/gzip')
        .send(Buffer.from(await dump.arrayBuffer()));
    },
  );
};
