import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Db, parseInt8, parseTimestamp, pgTypes, queryable, type Row } from './db';

export interface PgliteOptions {
  /** A folder on disk; omitted: in memory. */
  dataDir?: string;
  /** A data directory dump (`dumpDataDir()`) to start from, e.g. a migrated test template. */
  loadDataDir?: Blob;
}

const parsers = {
  [pgTypes.int8]: parseInt8,
  [pgTypes.date]: (value: string) => value,
  [pgTypes.timestamp]: parseTimestamp,
};

export function pgliteQueryable(pg: PGlite | Transaction, track: <T>(work: () => Promise<T>) => Promise<T>) {
  return queryable(
    (sql, params) => track(async () => (await pg.query<Row>(sql, params ? [...params] : undefined)).rows),
    (sql) =>
      track(async () => {
        await pg.exec(sql);
      }),
  );
}

/** The embedded PostgreSQL (WASM): one connection, so statements run one after another. */
export async function openPglite(options: PgliteOptions = {}): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers,
    // Trigram search of the public look-up (migration 0050).
    extensions: { pg_trgm },
  });
  // Calls under way: the first runs, the others wait for the one connection.
  let inFlight = 0;
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };
  // Statements inside a transaction are part of its call, not more waiting ones.
  const inTransaction = <T>(work: () => Promise<T>) => work();
  return {
    kind: 'pglite',
    pglite,
    ...pgliteQueryable(pglite, track),
    transaction: (fn) => track(() => pglite.transaction((tx) => fn(pgliteQueryable(tx, inTransaction)))),
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
    poolStats: () =>
      pglite.closed
        ? { total: 0, idle: 0, waiting: 0 }
        : { total: 1, idle: inFlight ? 0 : 1, waiting: Math.max(0, inFlight - 1) },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
