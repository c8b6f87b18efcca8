import { messages } from '@app/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/db';
import { clientKey } from '../lib/client-address';
import { HttpError } from '../lib/http-error';
import { JSON_TYPE, type PageReadAnswer } from '../lib/page-reads';
import { TokenBuckets } from './token-bucket';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory counts of public reads (this instance's own; see `RouteLimit.inMemory`). */
    publicReads: TokenBuckets;
  }
}

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

// Expired rows are harmless (the next hit on the key restarts its window) but would pile up.
const PURGE_EVERY_HITS = 500;
let hitsSincePurge = 0;

// Two mechanisms enforce every limit of limits.ts (docs/decisions/0058): reads count in this
// instance's memory (token-bucket.ts, `RouteLimit.inMemory`); everything else counts here, in a
// fixed window in the database (`rate_limits`), so every instance shares the count. Routes count
// through `rateLimit` and `failureLimit`, services (mails to a mailbox, of an account, of a link)
// through `countInDatabase`.

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in the database, so every instance of
 * the server shares the count. One statement: concurrent hits on a key never lose a count.
 */
async function hitRateLimit(db: Queryable, key: string, windowMs: number): Promise<RateLimitHit> {
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

/** What a service counts: the limit's name, what it counts per, and the one it counts. */
export interface Counted {
  name: string;
  /** What is counted per (`recipient`, `account`, `mails`...): part of the key, so counts never mix. */
  per: string;
  subject: string | number;
}

const keyOf = ({ name, per, subject }: Counted) => `${name}:${per}:${subject}`;

/**
 * A count a service keeps itself, where a route's limit cannot see what is counted (the mailbox a
 * mail goes to, the link a mail carries): one hit, in the database like a route's. Whether this
 * hit is still within `window.max`, and the seconds until the window ends (for Retry-After).
 */
export async function countInDatabase(
  db: Queryable,
  counted: Counted,
  window: LimitWindow,
): Promise<{ within: boolean; retryAfterSeconds: number }> {
  const hit = await hitRateLimit(db, keyOf(counted), window.windowMs);
  return { within: hit.count <= window.max, retryAfterSeconds: Math.max(1, Math.ceil(hit.ttlMs / 1000)) };
}

/** Starts `counted` afresh (its next hit is the first of a new window). */
export async function clearCount(db: Queryable, counted: Counted): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [keyOf(counted)]);
}

/** The count of `key` in its current window, without counting a hit (0 when none). */
async function peekRateLimit(db: Queryable, key: string): Promise<RateLimitHit> {
  const [row] = await db.query<{ count: number; ttl_ms: number }>(
    `select count, ceil(extract(epoch from (expires_at - now())) * 1000)::int8 as ttl_ms
       from rate_limits where key = $1 and expires_at > now()`,
    [key],
  );
  return row ? { count: row.count, ttlMs: Math.max(0, row.ttl_ms) } : { count: 0, ttlMs: 0 };
}

/**
 * 429 `{ message }`. Given the wait in seconds (the Retry-After sent with it), the message says
 * that wait; without it, the shared "wait a minute".
 */
export function rateLimitedError(retryAfterSeconds?: number): HttpError {
  return new HttpError(
    429,
    retryAfterSeconds === undefined
      ? messages.server.rateLimited
      : messages.server.rateLimitedFor(retryAfterSeconds),
  );
}

/** Refuses the request: Retry-After, and a message that states the same wait. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  name: string,
  ttlMs: number,
): never {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  request.log.warn({ limit: name, scope }, 'Rate limit reached');
  reply.header('retry-after', String(seconds));
  throw rateLimitedError(seconds);
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
  /**
   * For public reads, and tries at mailed links (`tokenLinkLimit`): the per-address count is
   * kept in this instance's memory (a token bucket of `perAddress.max` tokens, refilled evenly
   * over `perAddress.windowMs`), so a request, or its 429, never writes to the database. Each
   * instance counts on its own: behind N instances an address may make up to N times as many
   * (docs/decisions/0023). Other writes and sign-in keep the shared, exact counts in the database.
   */
  inMemory?: true;
}

/**
 * The client every per-address limit counts: its address in one spelling, an IPv6 address by its
 * network (RATE_LIMIT_IPV6_PREFIX bits), so neither respelling an address nor taking a fresh one
 * from the same /64 buys more tries.
 */
export function clientOf(request: FastifyRequest): string {
  return clientKey(request.ip, request.server.env.rateLimitIpv6Prefix);
}

function accountOf(
  limit: { account: (request: FastifyRequest) => string | undefined },
  request: FastifyRequest,
) {
  return limit.account(request)?.trim().toLowerCase() || undefined;
}

/**
 * Takes a public read of the caller's address from this instance's memory: 0 when it may go on,
 * else the seconds until its bucket has one again. No database work either way.
 */
function publicReadWait(request: FastifyRequest, limit: Pick<RouteLimit, 'name' | 'perAddress'>): number {
  if (request.server.env.rateLimits === 'off') return 0;
  const waitMs = request.server.publicReads.take(`${limit.name}:${clientOf(request)}`, limit.perAddress);
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** Counts a public read of the caller's address, refusing it (429 with Retry-After) when its bucket is empty. */
export function takePublicRead(
  request: FastifyRequest,
  reply: FastifyReply,
  limit: Pick<RouteLimit, 'name' | 'perAddress'>,
): void {
  const seconds = publicReadWait(request, limit);
  if (seconds > 0) refuse(request, reply, 'address', limit.name, seconds * 1000);
}

/**
 * The same count for a read the server render makes in process (lib/page-reads.ts): the 429 its
 * route would answer, or undefined when the read may go on.
 */
export function refusedPageRead(
  visitor: FastifyRequest,
  limit: Pick<RouteLimit, 'name' | 'perAddress'>,
): PageReadAnswer | undefined {
  const seconds = publicReadWait(visitor, limit);
  if (seconds === 0) return undefined;
  visitor.log.warn({ limit: limit.name, scope: 'address' }, 'Rate limit reached');
  return {
    status: 429,
    contentType: JSON_TYPE,
    body: JSON.stringify({ message: rateLimitedError(seconds).message }),
    surrogateKeys: [],
    retryAfter: String(seconds),
  };
}

/** The per-address count of a limit kept in the database (one in memory counts in `addressHook`). */
async function checkAddress(request: FastifyRequest, reply: FastifyReply, limit: RouteLimit): Promise<void> {
  if (request.server.env.rateLimits === 'off') return;
  const hit = await hitRateLimit(
    request.server.db,
    `${limit.name}:address:${clientOf(request)}`,
    limit.perAddress.windowMs,
  );
  if (hit.count > limit.perAddress.max) refuse(request, reply, 'address', limit.name, hit.ttlMs);
}

async function checkAccount(request: FastifyRequest, reply: FastifyReply, limit: RouteLimit): Promise<void> {
  if (request.server.env.rateLimits === 'off' || !limit.perAccount) return;
  const account = accountOf(limit.perAccount, request);
  if (!account) return;
  const hit = await hitRateLimit(
    request.server.db,
    `${limit.name}:account:${account}`,
    limit.perAccount.windowMs,
  );
  if (hit.count > limit.perAccount.max) refuse(request, reply, 'account', limit.name, hit.ttlMs);
}

/** The limit of each handler `rateLimit()` made, so `registerRateLimits` can find them on a route. */
const limitOfHandler = new WeakMap<object, RouteLimit>();

/**
 * A preHandler that answers 429 `{ message }` (with Retry-After, and the wait in the message)
 * once the caller's address, or the account named in the body, has used up its hits.
 *
 *   app.post('/api/users/login', { preHandler: rateLimit(limits.login), ... }, handler)
 *
 * In the app, `registerRateLimits` moves the per-address count of such a route to an onRequest
 * hook, so a flood is refused before its body is read; the per-account count needs the body and
 * stays here.
 */
export function rateLimit(limit: RouteLimit): preHandlerAsyncHookHandler {
  const handler: preHandlerAsyncHookHandler = async (request, reply) => {
    if (limit.inMemory) takePublicRead(request, reply, limit);
    else await checkAddress(request, reply, limit);
    await checkAccount(request, reply, limit);
  };
  limitOfHandler.set(handler, limit);
  return handler;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** A hook that finishes at once (Fastify's callback form: no promise to wait for). */
type SyncHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/** The per-address count of `limit` as an onRequest hook; one kept in memory finishes at once. */
function addressHook(limit: RouteLimit): Hook | SyncHook {
  if (!limit.inMemory) {
    const hook: Hook = (request, reply) => checkAddress(request, reply, limit);
    return hook;
  }
  const hook: SyncHook = (request, reply, done) => {
    takePublicRead(request, reply, limit);
    done();
  };
  return hook;
}

const isPublicRead = (method: string | string[], config: unknown) =>
  [method].flat().every((m) => m === 'GET' || m === 'HEAD') &&
  (config as { auth?: unknown } | undefined)?.auth === 'public';

/**
 * For every route whose preHandler holds a `rateLimit(...)`: its per-address count runs onRequest
 * (after the auth check, before the body is read or parsed), and only the per-account count
 * stays in the preHandler. A public GET route without one counts against `publicRead` (the table's
 * `publicReadLimit`, handed in by app.ts: a plugin imports no module, limits.ts imports this file).
 * Call before the routes are registered; `publicReads` holds the in-memory counts (tests give
 * their own, with a clock they control).
 */
export function registerRateLimits(
  app: FastifyInstance,
  publicRead: RouteLimit,
  publicReads = new TokenBuckets(),
): void {
  app.decorate('publicReads', publicReads);
  app.addHook('onRoute', (route) => {
    const handlers: unknown[] = [route.preHandler ?? []].flat();
    const limits = handlers.map((handler) =>
      typeof handler === 'function' ? limitOfHandler.get(handler) : undefined,
    );
    if (!limits.some(Boolean)) {
      if (isPublicRead(route.method, route.config)) {
        route.onRequest = [
          ...[route.onRequest ?? []].flat(),
          addressHook(publicRead),
        ] as typeof route.onRequest;
      }
      return;
    }
    const early = limits.filter((limit): limit is RouteLimit => limit !== undefined).map(addressHook);
    // A limit without a per-account count leaves nothing for the preHandler.
    const late = handlers.flatMap((handler, i) => {
      const limit = limits[i];
      if (!limit) return [handler];
      return limit.perAccount
        ? [((request, reply) => checkAccount(request, reply, limit)) satisfies Hook]
        : [];
    });
    route.onRequest = [...[route.onRequest ?? []].flat(), ...early] as typeof route.onRequest;
    route.preHandler = late as typeof route.preHandler;
  });
}

export interface FailureLimit {
  /** Names the counters. */
  name: string;
  /** The account (or sticker) a request tries, normalised; requests without one are not counted. */
  account: (request: FastifyRequest) => string | undefined;
  /** Tries of one address on one account since its last success: beyond them, it waits. */
  perAddressAndAccount: LimitWindow;
  /**
   * Failures on one account from any address: beyond them, an address that has failed on the
   * account waits for the window to end, while one that has not is still heard.
   */
  perAccount: LimitWindow;
}

/**
 * Guessing limits that count failures, never the owner's success, so nobody can lock another
 * person out by guessing wrong (docs/decisions/0010):
 *
 * - `check` (a preHandler) counts the try of this address on this account first (so parallel
 *   tries cannot slip past), and refuses it when this address has used up its tries, or when the
 *   account has had too many failures and this address is one of those that failed;
 * - `failed(request)` after a wrong guess counts a failure on the account;
 * - `succeeded(request)` after a right one clears this address's tries on the account.
 *
 * An address that has not failed on the account is always heard (within its per-address limit),
 * so the right password or prefix from it gets through whatever others have tried.
 */
export function failureLimit(limit: FailureLimit) {
  const keys = (request: FastifyRequest) => {
    const account = accountOf(limit, request);
    return account
      ? {
          tries: `${limit.name}:tries:${account}:address:${clientOf(request)}`,
          failures: `${limit.name}:failures:${account}`,
        }
      : undefined;
  };
  const active = (request: FastifyRequest) => request.server.env.rateLimits !== 'off';

  const check: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = active(request) ? keys(request) : undefined;
    if (!key) return;
    const db = request.server.db;
    const tries = await hitRateLimit(db, key.tries, limit.perAddressAndAccount.windowMs);
    if (tries.count > limit.perAddressAndAccount.max) {
      refuse(request, reply, 'address+account', limit.name, tries.ttlMs);
    }
    if (tries.count > 1) {
      const failures = await peekRateLimit(db, key.failures);
      if (failures.count >= limit.perAccount.max) {
        // This address may try again when its own tries expire, or when the account's window ends.
        refuse(request, reply, 'account', limit.name, Math.min(tries.ttlMs, failures.ttlMs));
      }
    }
  };

  return {
    check,
    async failed(request: FastifyRequest): Promise<void> {
      const key = active(request) ? keys(request) : undefined;
      if (key) await hitRateLimit(request.server.db, key.failures, limit.perAccount.windowMs);
    },
    async succeeded(request: FastifyRequest): Promise<void> {
      const key = active(request) ? keys(request) : undefined;
      if (key) await request.server.db.query('delete from rate_limits where key = $1', [key.tries]);
    },
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
