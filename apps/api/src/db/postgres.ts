import pg from 'pg';
import {
  DatabaseUnavailableError,
  type Db,
  isDatabaseUnavailable,
  listenChannel,
  type NotificationHandlers,
  parseInt8,
  parseTimestamp,
  pgTypes,
  queryable,
  type Row,
} from './db';

// text[]'s parser splits any array literal into its element strings.
const getParser = pg.types.getTypeParser as (
  oid: number,
  format?: 'text' | 'binary',
) => (value: string) => unknown;
const parseTextArray = getParser(1009) as (value: string) => (string | null)[];

// Per pool, not pg's global type table, so nothing else in the process is affected.
const overrides = new Map<number, (value: string) => unknown>([
  [pgTypes.int8, parseInt8],
  [pgTypes.date, (value) => value],
  [pgTypes.timestamp, parseTimestamp],
  [pgTypes.int8Array, (value) => parseTextArray(value).map((v) => (v === null ? v : Number(v)))],
  [pgTypes.dateArray, parseTextArray],
]);

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && overrides.has(oid)
      ? overrides.get(oid)
      : getParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Runs `fn`; a lost or refused connection becomes a DatabaseUnavailableError (503), any other error stays. */
async function reachable<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw isDatabaseUnavailable(error) ? new DatabaseUnavailableError(error) : error;
  }
}

function clientQueryable(client: pg.Pool | pg.PoolClient | pg.Client) {
  return queryable(
    (sql, params) =>
      reachable(async () => (await client.query<Row>(sql, params ? [...params] : undefined)).rows),
    (sql) =>
      reachable(async () => {
        // Without parameters pg uses the simple protocol, which runs several statements.
        await client.query(sql);
      }),
  );
}

/** How long a request waits for a connection (a new one, or a free one of the pool) before giving up. */
const CONNECT_TIMEOUT_MS = 5000;

export interface PostgresOptions {
  connectionString: string;
  /** Errors of idle pooled connections (a server restart); without a listener they would crash the process. */
  onIdleError?: (error: Error) => void;
  max?: number;
  /**
   * The longest one statement may run (PostgreSQL's statement_timeout on every pooled connection);
   * the pool's query timeout is a little longer, for a server that does not answer at all. Either
   * way the call fails with a DatabaseUnavailableError (503). Unset: no limit.
   */
  statementTimeoutMs?: number;
}

/** The query timeout waits this much longer than the statement timeout, so the server's own cancel comes first. */
const QUERY_TIMEOUT_GRACE_MS = 1000;

/** A lost listening connection is tried again after this long, doubling up to the most. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MOST_MS = 10_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other statements and stop
 * listening). A lost connection is reported and replaced until `stop`.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  const sql = `listen ${listenChannel(channel)}`;
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RELISTEN_FIRST_MS;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => undefined);
    handlers.onLost();
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void attempt(), delay);
    retry.unref();
    delay = Math.min(delay * 2, RELISTEN_MOST_MS);
  };
  const attempt = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(sql);
    } catch {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      schedule();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = RELISTEN_FIRST_MS;
    handlers.onListening();
  };

  await attempt();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** A PostgreSQL server through a pg connection pool. */
export function openPostgres(options: PostgresOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    types,
    max: options.max ?? 10,
    // While the server is unreachable, a call fails after this long instead of waiting for the
    // operating system to give up on the connection (or forever, for a server that does not
    // answer); the pool connects afresh once it is back.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(options.statementTimeoutMs
      ? {
          statement_timeout: options.statementTimeoutMs,
          query_timeout: options.statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS,
        }
      : {}),
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  let closed: Promise<void> | undefined;
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    ...clientQueryable(pool),
    prepared: <T>(name: string, sql: string, params: readonly unknown[]) =>
      reachable(async () => (await pool.query<Row>({ name, text: sql, values: [...params] })).rows as T[]),
    async listen(channel, handlers) {
      const stop = await listenOn(options.connectionString, channel, handlers);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async transaction(fn, transactionOptions) {
      if (transactionOptions?.unbounded) {
        // Its own connection, without the pool's timeouts.
        const client = new pg.Client({
          connectionString: options.connectionString,
          types,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        client.on('error', () => undefined);
        await reachable(() => client.connect());
        const tx = clientQueryable(client);
        try {
          await tx.exec('begin');
          const result = await fn(tx);
          await tx.exec('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          await client.end().catch(() => undefined);
        }
      }
      const client = await reachable(() => pool.connect());
      const tx = clientQueryable(client);
      // A connection that failed, or whose rollback failed, is in an unknown state: the pool
      // discards it. A checked-out client reports a server going away between statements as an
      // 'error' event, which would crash the process without this listener; the next statement
      // of the transaction then fails (503).
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await tx.exec('begin');
        const result = await fn(tx);
        await tx.exec('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A discarded client may still report its end: the listener stays on it.
        if (!broken) client.off('error', onError);
        client.release(broken);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close() {
      closed ??= Promise.all([...listeners].map((stop) => stop())).then(() => pool.end());
      return closed;
    },
  };
}
