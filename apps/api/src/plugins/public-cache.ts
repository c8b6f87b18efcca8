import type { FastifyInstance } from 'fastify';
import { PRIVATE_NO_STORE, type PublicCachePolicy, publicAnswer, weakEtag } from '../lib/public-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose 200 answers a CDN and browsers may keep (lib/public-cache.ts). */
    publicCache?: PublicCachePolicy;
  }
}

/**
 * Cache headers of every API answer. A route's `config.publicCache` makes its 200 and 304 answers
 * public, with an ETag (the handler's, else one of the body) and a 304 when the caller's copy is
 * current; every other API answer (signed-in, personal, an error, a 429) is `private, no-store`
 * unless its route chose otherwise (files with their own caching). Added before compression, so
 * the ETag is of the plain body.
 */
export function registerPublicCache(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/')) {
      // A page's or file's refusal (a spent read budget, a failure) is kept by nobody, even where
      // its route set nothing: a CDN that kept it would answer every visitor with it.
      if (reply.statusCode >= 400 && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      return done(null, payload);
    }
    const policy = request.routeOptions.config.publicCache;
    const status = reply.statusCode;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (policy && read && status === 304) {
      reply.header('cache-control', policy);
      return done(null, payload);
    }
    if (policy && read && status === 200) {
      const own = reply.getHeader('etag');
      const body = typeof payload === 'string' || payload instanceof Uint8Array ? payload : undefined;
      const etag = typeof own === 'string' ? own : body !== undefined ? weakEtag(body) : undefined;
      if (etag === undefined) reply.header('cache-control', policy);
      else if (publicAnswer(request, reply, policy, etag)) return done(null, null);
      return done(null, payload);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_NO_STORE);
    return done(null, payload);
  });
}
