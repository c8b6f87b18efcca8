import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Aborted when the server starts to close (SIGTERM): an upload still streaming in stops, is
     * answered 503 with Retry-After, and its stored part is removed, instead of holding the
     * shutdown open or being cut with no reply.
     */
    shuttingDown: AbortSignal;
  }
}

export function registerShutdownSignal(app: FastifyInstance): void {
  const controller = new AbortController();
  app.decorate('shuttingDown', controller.signal);
  // preClose runs before the server waits for the requests in progress to finish.
  app.addHook('preClose', (done) => {
    controller.abort();
    done();
  });
}
