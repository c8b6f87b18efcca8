import type { ServerOptions } from 'node:http';
import type { Env } from '../env';

/**
 * Longer than the 60 s idle timeout of common load balancers (AWS ALB, Google's), so the balancer,
 * not this server, closes an idle connection between requests (the other way round, a request it
 * sends just as the server closes fails with a 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** The longest the request line and headers may take to arrive (less when REQUEST_TIMEOUT_MS is less). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** Requests one kept-alive connection may carry before the server closes it (the client reconnects). */
export const MAX_REQUESTS_PER_SOCKET = 1_000;
/**
 * Open connections one instance accepts; beyond them a new connection is closed at once. Well above
 * what a proxy or browsers need, well below the file descriptors of a process.
 */
export const MAX_CONNECTIONS = 4_096;

/**
 * Fastify's options that bound how long a client may hold a connection (Fastify's own defaults
 * turn Node's request timeout off): the whole request, headers and body, must arrive within
 * REQUEST_TIMEOUT_MS, or it is answered 408 and the connection closed; its headers within
 * HEADERS_TIMEOUT_MS; an idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS; a
 * connection on which nothing moves at all is dropped a little after both.
 */
export function connectionOptions(env: Pick<Env, 'requestTimeoutMs'>): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  maxRequestsPerSocket: number;
  http: ServerOptions;
} {
  const requestTimeout = env.requestTimeoutMs;
  return {
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: Math.max(requestTimeout, KEEP_ALIVE_TIMEOUT_MS) + 5_000,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for requests past their time (its default, 30 s, would let a slow
      // body hold its socket up to 30 s beyond the timeout).
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(requestTimeout / 4))),
    },
  };
}
