import { brands } from '@app/brands';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { publicOrigin } from '../lib/public-url';

/**
 * Our own files only, and no inline scripts. Inline styles stay allowed: React style props and
 * toast styles use them and they cannot run code. No upgrade-insecure-requests: TLS, when
 * there is any, ends at a proxy in front, and on http://*.localhost it would break every asset.
 * No page may be framed, not even by its own site.
 */
export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
};

/** Sent only on requests that came over HTTPS (directly, or per a trusted proxy's X-Forwarded-Proto). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The origins whose pages may call the API from a browser: each brand's public origin, and in
 * development every brand host on `*.localhost`.
 */
export function allowedOrigins(env: Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>): Set<string> {
  const origins = new Set(brands.map((brand) => publicOrigin(brand, env)));
  if (env.nodeEnv !== 'production') {
    for (const brand of brands) {
      for (const key of brand.hostKeys) origins.add(`http://${key}.localhost:${env.port}`);
    }
  }
  return origins;
}

/** Security headers on every reply, and CORS closed to all but the brands' own origins. */
export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Set below, and only over HTTPS: on plain HTTP it means nothing, and on http://*.localhost
    // a browser that did keep it would refuse the development sites.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });

  const origins = allowedOrigins(env);
  await app.register(cors, {
    // A foreign origin gets no CORS headers at all, and its preflight a plain 404.
    origin: (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  });
}
