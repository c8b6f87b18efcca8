import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import type { ResolvedEnv } from '../env';

export interface Logging {
  /** Fastify's logger option. */
  options: { level: string; stream: pino.DestinationStream };
  /**
   * Writes every line still waiting, then ends the log: call it last, just before the process
   * exits (a line logged after it is lost). Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

/** Ends `stream` once, resolving when all it holds has been written (stdout itself stays open). */
function closer(stream: { end(): void; once(event: 'close', listener: () => void): unknown }) {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= new Promise<void>((resolve) => {
      stream.once('close', resolve);
      stream.end();
    });
    return closed;
  };
}

/**
 * In production, log lines are written to stdout once this many bytes are waiting (about 16
 * request lines, so a busy server makes one write for many requests instead of one each), and at
 * least every LOG_FLUSH_MS, so a quiet server's lines are never held longer than that.
 */
export const LOG_BATCH_BYTES = 4096;
export const LOG_FLUSH_MS = 1000;

/**
 * Where the server's log lines go, without blocking the event loop:
 * - NODE_ENV=production: JSON lines on stdout through pino's asynchronous destination: a line
 *   is handed to a background write and the request goes on; lines go out together once
 *   LOG_BATCH_BYTES are waiting, or LOG_FLUSH_MS after the last write;
 * - otherwise: readable sentences (pino-pretty, in a worker thread of its own).
 * At shutdown `close` writes what is still waiting; on any other exit pino writes it
 * synchronously as the process ends.
 */
export function createLogging(env: Pick<ResolvedEnv, 'nodeEnv' | 'logLevel'>): Logging {
  if (env.nodeEnv === 'production') {
    const stream = pino.destination({
      dest: 1,
      sync: false,
      minLength: LOG_BATCH_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    });
    return { options: { level: env.logLevel, stream }, close: closer(stream) };
  }
  const stream = pino.transport({
    target: 'pino-pretty',
    options: {
      destination: 1,
      translateTime: 'SYS:HH:MM:ss',
      // A request's line reads "request completed: GET /api/health 200 (1.2 ms)".
      messageFormat: '{msg}{if method}: {method} {url} {statusCode} ({responseTime} ms){end}',
      ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime,remoteAddress',
    },
  });
  return { options: { level: env.logLevel, stream }, close: closer(stream) };
}

/**
 * One line per request, when its reply has gone: method, URL, status, time taken (ms), the
 * client's address and the request id (`reqId`, as on every line of the request). Fastify's
 * "Route ... not found" line is not written (the completed line says 404), and its "incoming
 * request" line only at `debug`.
 */
export class OneLinePerRequest extends LogController {
  /** At `debug` only (LOG_LEVEL=debug), for following a request while it is being worked on. */
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
