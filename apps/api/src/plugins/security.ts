import { brands } from '@app/brands';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { publicOrigin } from '../lib/public-url';
import { APP_START_SOURCE } from './web-html';

/**
 * Our own files, and no inline script but the one that starts the app on a page the server drew
 * (allowed by its hash; a `<script type="application/json">` data block is not run, so it needs
 * nothing). Inline styles stay allowed: React style props and toast styles use them and they
 * cannot run code. No upgrade-insecure-requests: TLS, when there is any, ends at a proxy in
 * front, and on http://*.localhost it would break every asset. No page may be framed, not even by
 * its own site.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", APP_START_SOURCE],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

/**
 * The security headers of every reply, written once when the server starts (they never depend
 * on the request), the set helmet's defaults give with our policy, no framing and no referrer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(contentSecurityPolicy)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // Turns off the old browsers' XSS auditor, which itself opened holes.
  'x-xss-protection': '0',
});

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
  // Strict-Transport-Security only over HTTPS: on plain HTTP it means nothing, and on
  // http://*.localhost a browser that did keep it would refuse the development sites.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
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
