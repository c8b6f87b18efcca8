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

export function pgliteQueryable(pg: PGlite | Transaction) {
  return queryable(
    async (sql, params) => (await pg.query<Row>(sql, params ? [...params] : undefined)).rows,
    async (sql) => {
      await pg.exec(sql);
    },
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
  return {
    kind: 'pglite',
    pglite,
    ...pgliteQueryable(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteQueryable(tx))),
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
