import { messages } from '@app/contract/messages';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { HttpError } from '../lib/http-error';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

// Expired rows are harmless (the next hit on the key restarts its window) but would pile up.
const PURGE_EVERY_HITS = 500;
let hitsSincePurge = 0;

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in the database, so every instance of
 * the server shares the count. One statement: concurrent hits on a key never lose a count.
 */
export async function hitRateLimit(db: Queryable, key: string, windowMs: number): Promise<RateLimitHit> {
  const row = await db.one<{ count: number; ttl_ms: number }>(
    `insert into rate_limits as r (key, count, expires_at)
     values ($1, 1, now() + $2::double precision * interval '1 millisecond')
     on conflict (key) do update set
       count = case when r.expires_at <= now() then 1 else r.count + 1 end,
       expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
     returning count, ceil(extract(epoch from (expires_at - now())) * 1000)::int8 as ttl_ms`,
    [key, windowMs],
  );
  hitsSincePurge += 1;
  if (hitsSincePurge >= PURGE_EVERY_HITS) {
    hitsSincePurge = 0;
    await db.query('delete from rate_limits where expires_at < now()');
  }
  return { count: row.count, ttlMs: Math.max(0, row.ttl_ms) };
}

/**
 * A store for @fastify/rate-limit (routes with `config: { rateLimit: { max, timeWindow } }`)
 * that keeps its counters in the database. Each route counts on its own, as with the default store.
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    prefix = 'route:';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitRateLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Despite its type, the plugin passes the route's merged limit settings, the route under `routeInfo`.
      const { routeInfo } = routeOptions as unknown as {
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const route = routeInfo ?? {};
      const store = new DatabaseRateLimitStore();
      store.prefix = `route:${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}:`;
      return store;
    }
  }
  return DatabaseRateLimitStore;
}

/** The error @fastify/rate-limit throws when a limit is used up: 429 with the shared message. */
export function rateLimitedError(): HttpError {
  return new HttpError(429, messages.server.rateLimited);
}

export interface LimitWindow {
  max: number;
  windowMs: number;
}

export interface RouteLimit {
  /** Names the counters; routes given the same name share them. */
  name: string;
  /** Hits per client address. */
  perAddress: LimitWindow;
  /**
   * Hits per account the request is about (a user name or e-mail in the body), whatever address
   * they come from, so spreading guesses over many addresses does not help.
   */
  perAccount?: LimitWindow & { account: (request: FastifyRequest) => string | undefined };
}

/**
 * A preHandler (the body is parsed and valid by then) that answers 429 `{ message }` once the
 * caller's address, or the account named in the body, has used up its hits.
 *
 *   app.post('/api/users/login', { preHandler: rateLimit(limits.login), ... }, handler)
 */
export function rateLimit(limit: RouteLimit) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.server.env.rateLimits === 'off') return;
    const db = request.server.db;
    const checks: [string, LimitWindow][] = [[`${limit.name}:address:${request.ip}`, limit.perAddress]];
    const account = limit.perAccount?.account(request)?.trim().toLowerCase();
    if (limit.perAccount && account) checks.push([`${limit.name}:account:${account}`, limit.perAccount]);
    for (const [key, window] of checks) {
      const hit = await hitRateLimit(db, key, window.windowMs);
      if (hit.count > window.max) {
        request.log.warn({ limit: limit.name, scope: key.split(':')[1] }, 'Rate limit reached');
        reply.header('retry-after', String(Math.max(1, Math.ceil(hit.ttlMs / 1000))));
        throw rateLimitedError();
      }
    }
  };
}

/** The string field `name` of a request's JSON body, if any (for `perAccount.account`). */
export function bodyField(name: string) {
  return (request: FastifyRequest): string | undefined => {
    const body = request.body;
    if (typeof body !== 'object' || body === null) return undefined;
    const value = (body as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
}
