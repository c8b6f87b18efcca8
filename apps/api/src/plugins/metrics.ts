import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from '../lib/http-error';

export const METRICS_FORBIDDEN_MESSAGE =
  'Metrics are readable only from this machine, or with the METRICS_TOKEN bearer token.';
export const METRICS_TOKEN_MESSAGE = 'Metrics need the METRICS_TOKEN bearer token.';

/** Label of requests no route matched. */
const UNMATCHED = 'unmatched';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /api/metrics. With METRICS_TOKEN: whoever sends it as a bearer token. Without:
 * only a caller on this machine talking to the server directly, that is from a loopback socket
 * address, with no forwarding header and no TRUST_PROXY (a proxy on the same machine would
 * otherwise hand every visitor a loopback address).
 */
function checkMetricsAccess(request: FastifyRequest): void {
  const { metricsToken, trustProxy } = request.server.env;
  if (metricsToken) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(metricsToken))) {
      throw new HttpError(401, METRICS_TOKEN_MESSAGE);
    }
    return;
  }
  const direct =
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    trustProxy === undefined &&
    !FORWARDING_HEADERS.some((name) => name in request.headers);
  if (!direct) throw new HttpError(403, METRICS_FORBIDDEN_MESSAGE);
}

// Figures of the process (CPU, memory, event loop, heap), one set however many apps it runs.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus figures at GET /api/metrics: requests by method, route pattern and status (count
 * and duration), the mail outbox, the database connections and the process.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Undelivered mail in the outbox: pending (not tried yet) and failed (waiting for a retry).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const row = await app.db.one<{ pending: number; failed: number }>(
          `select count(*) filter (where last_error is null) as pending,
                  count(*) filter (where last_error is not null) as failed
           from mail_outbox where sent_at is null`,
        );
        this.set({ state: 'pending' }, row.pending);
        this.set({ state: 'failed' }, row.failed);
      } catch (error) {
        // An unreachable database leaves the figure out; /api/ready reports the outage.
        app.log.warn({ err: error }, 'Could not count the mail outbox for /api/metrics');
      }
    },
  });

  const driver = app.db.kind;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections: total open and idle (PGlite has a single one).',
    labelNames: ['driver', 'state'],
    registers: [registry],
    collect() {
      const stats = app.db.poolStats();
      this.set({ driver, state: 'total' }, stats.total);
      this.set({ driver, state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Database calls waiting for a free connection.',
    labelNames: ['driver'],
    registers: [registry],
    collect() {
      this.set({ driver }, app.db.poolStats().waiting);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    checkMetricsAccess(request);
    const merged = Registry.merge([processMetrics(), registry]);
    return reply
      .type(merged.contentType)
      .header('cache-control', 'no-store')
      .send(await merged.metrics());
  });
}
