import pg from 'pg';
import { type Db, parseInt8, parseTimestamp, pgTypes, queryable, type Row } from './db';

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

function clientQueryable(client: pg.Pool | pg.PoolClient) {
  return queryable(
    async (sql, params) => (await client.query<Row>(sql, params ? [...params] : undefined)).rows,
    async (sql) => {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await client.query(sql);
    },
  );
}

const CONNECT_TIMEOUT_MS = 10_000;

export interface PostgresOptions {
  connectionString: string;
  /** Errors of idle pooled connections (a server restart); without a listener they would crash the process. */
  onIdleError?: (error: Error) => void;
  max?: number;
}

/** A PostgreSQL server through a pg connection pool. */
export function openPostgres(options: PostgresOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    types,
    max: options.max ?? 10,
    // While the server is unreachable, a call fails after this long instead of waiting for the
    // operating system to give up on the connection; the pool connects afresh once it is back.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    ...clientQueryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(clientQueryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}
