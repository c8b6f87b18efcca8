/** A row as the database returns it: column name to value. */
export type Row = Record<string, unknown>;

/**
 * What all code uses to talk to the database: plain SQL with `$1` parameters, the same text on
 * PGlite and on a PostgreSQL server. Both drivers return the same JavaScript types: int8 and
 * count(*) as number, numeric as string, date as 'YYYY-MM-DD' string, timestamp(tz) as Date,
 * json(b) as parsed values, bytea as Uint8Array.
 */
export interface Queryable {
  /** One statement; its rows (empty for statements without RETURNING). */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Exactly one row, else throws (a missing row is the caller's 404, not a 500: use maybeOne). */
  one<T = Row>(sql: string, params?: readonly unknown[]): Promise<T>;
  /** The row, or undefined when there is none; throws when there are several. */
  maybeOne<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

/** Connections of the database client, for /api/metrics. */
export interface PoolStats {
  /** Open connections. */
  total: number;
  /** Open connections not running a statement. */
  idle: number;
  /** Statements waiting for a connection. */
  waiting: number;
}

export interface TransactionOptions {
  /**
   * No statement or query timeout: for migrations, which may wait for another instance's lock or
   * build an index on a large table. PostgreSQL runs it on a connection of its own, outside the pool.
   */
  unbounded?: boolean;
}

/** What a listener is told about a notification channel (Db.listen). */
export interface NotificationHandlers {
  /** One notification's payload. */
  onNotify(payload: string): void;
  /** Listening from now on (at start, and again after a lost connection came back). */
  onListening(): void;
  /** The listening connection was lost: notifications may be missed until onListening. */
  onLost(): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * One statement as a named prepared statement: parsed and planned once per connection, then
   * only bound and executed. `name` stands for `sql` for the life of the process: one name, one text.
   */
  prepared<T = Row>(name: string, sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * LISTENs on `channel` (lower-case letters and underscores) until the returned stop is called,
   * on a connection of its own on PostgreSQL (re-established when lost). Resolves after the first
   * attempt to listen, whether or not it succeeded (handlers.onListening says when it did).
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Inside,
   * use only `tx`: on PGlite other queries wait until the transaction ends, so calling `db`
   * from within `fn` would wait forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** The embedded database only: its data directory as a gzip tarball (a backup). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite reports its single connection; PostgreSQL its pool. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

type RunQuery = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

/** Builds `one` and `maybeOne` on top of a driver's `query`. */
export function queryable(run: RunQuery, exec: (sql: string) => Promise<void>): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]) => (await run(sql, params)) as T[];
  return {
    query,
    exec,
    async one<T>(sql: string, params?: readonly unknown[]) {
      const rows = await query<T>(sql, params);
      if (rows.length !== 1) throw new Error(`Expected exactly one row, got ${rows.length}: ${sql}`);
      return rows[0] as T;
    },
    async maybeOne<T>(sql: string, params?: readonly unknown[]) {
      const rows = await query<T>(sql, params);
      if (rows.length > 1) throw new Error(`Expected at most one row, got ${rows.length}: ${sql}`);
      return rows[0];
    },
  };
}

/** A LISTEN channel's name, checked before it is written into SQL. */
export function listenChannel(channel: string): string {
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** Type ids of the values both drivers are told to parse alike. */
export const pgTypes = { int8: 20, date: 1082, timestamp: 1114, int8Array: 1016, dateArray: 1182 } as const;

export const parseInt8 = (value: string): number => Number(value);
/** A timestamp without time zone is read as UTC, whatever the server's or the process's zone. */
export const parseTimestamp = (value: string): Date => new Date(`${value.replace(' ', 'T')}Z`);

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a network
 * fault): nothing the caller did wrong, and worth trying again shortly. Answered as 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly statusCode = 503;
  constructor(override readonly cause: unknown) {
    super(`Database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

// Socket errors, and the SQLSTATEs of a server going away or not taking sessions: class 08
// (connection exception), 57P01-57P03 (shut down, crashed, starting up), 53300 (too many connections).
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // query_canceled: statement_timeout fired (a statement ran past DB_STATEMENT_TIMEOUT_MS).
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
// What pg says when a connection ends under a query, or none could be had in time.
// "Query read timeout" is the pool's query timeout (a server that does not answer at all).
const unavailableMessages =
  /connection terminated|timeout exceeded when trying to connect|not queryable|connection timeout|query read timeout/i;

/** Whether an error of the driver means the server is out of reach rather than the statement wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  return error instanceof Error && unavailableMessages.test(error.message);
}

/**
 * Whether an error is PostgreSQL's unique_violation (23505): a row another request wrote at the same
 * moment, after this one checked and before it wrote. The caller answers 409, never 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
