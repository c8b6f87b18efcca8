import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { newAdminToken } from './cli/server-info';
import type { Db } from './db/db';
import type { ResolvedEnv } from './env';
import { createLogging, OneLinePerRequest } from './lib/logger';
import { PageReads } from './lib/page-reads';
import { connectionOptions, MAX_CONNECTIONS } from './lib/server-limits';
import { createStorage, type FileStorage } from './lib/storage';
import { validatorCompiler } from './lib/validation';
import { publicReadLimit } from './limits';
import { registerSignLookupCache } from './modules/lookup/cache';
import { apiModules } from './modules/registry';
import { authenticateToken } from './modules/users/authenticate';
import { registerAuth } from './plugins/auth';
import { registerBrand } from './plugins/brand';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerJsonBody } from './plugins/json-body';
import { registerMetrics } from './plugins/metrics';
import { registerPublicCache } from './plugins/public-cache';
import { registerRateLimits } from './plugins/rate-limit';
import { registerRequestId, requestIdOf } from './plugins/request-id';
import { registerSecurity } from './plugins/security';
import { registerShutdownSignal } from './plugins/shutdown';
import type { TokenBuckets } from './plugins/token-bucket';
import { webRoutes } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: ResolvedEnv;
    /** Secret of the loopback-only admin calls; the server writes it to DATA_DIR/admin-token. */
    adminToken: string;
    /** Uploaded files: DATA_DIR or an S3-compatible bucket (STORAGE). */
    storage: FileStorage;
    /** The time the request desk's dates are counted from (the real clock, except where a test moves it). */
    clock: () => Date;
    /** Writes the log lines still waiting and ends the log (call just before the process exits). */
    closeLogs(): Promise<void>;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  env: ResolvedEnv;
  db: Db;
  /** Fastify's logger option; default: `createLogging` (JSON lines in production, sentences otherwise). */
  logger?: FastifyServerOptions['logger'];
  /** The in-memory counts of public reads (default: new, on the real clock). */
  publicReads?: TokenBuckets;
  /** The request desk's clock (default: the real one); tests move it to reach a due date. */
  clock?: () => Date;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
function trustProxyOption(trust: number | string[]): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The whole server, ready for `app.inject` or `listen`; nothing listens yet. */
export async function buildApp({ env, db, logger, publicReads, clock }: BuildAppOptions): Promise<App> {
  const logging = logger === undefined ? createLogging(env) : undefined;
  const app = Fastify({
    logger: logging?.options ?? logger,
    // One line per request, written when the reply has gone.
    logController: new OneLinePerRequest(),
    // While closing, a request routed on a kept-alive connection gets 503 (its body carries a
    // `message` too) and `Connection: close`, instead of hanging.
    return503OnClosing: true,
    frameworkErrors,
    // Without TRUST_PROXY, X-Forwarded-For and X-Forwarded-Proto are ignored: request.ip (rate
    // limits, logs) is the socket's address and request.protocol the connection's.
    ...(env.trustProxy === undefined ? {} : { trustProxy: trustProxyOption(env.trustProxy) }),
    genReqId: requestIdOf,
    // A slow request gets 408 and its connection closed (REQUEST_TIMEOUT_MS): nobody holds a socket.
    ...connectionOptions(env),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = MAX_CONNECTIONS;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('env', env);
  app.decorate('adminToken', newAdminToken());
  app.decorate('storage', createStorage(env.storage, env.dataDir));
  app.decorate('clock', clock ?? (() => new Date()));
  app.decorate('closeLogs', logging?.close ?? (async () => undefined));
  app.decorate('pageReads', new PageReads());
  registerRequestId(app);
  registerShutdownSignal(app);
  registerMetrics(app);
  registerBrand(app);
  registerAuth(app, (token) => authenticateToken(db, env.jwtSecret, token));
  registerErrorHandling(app);
  registerJsonBody(app);
  registerRateLimits(app, publicReadLimit, publicReads);
  registerPublicCache(app);
  registerSignLookupCache(app);

  await registerSecurity(app, env);
  await app.register(compress, { encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sign register API',
        description: 'The calls of SPEC.md section 7. Errors always answer `{ message }`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const module of apiModules) await app.register(module);
  await app.register(webRoutes, { env });

  return app;
}
