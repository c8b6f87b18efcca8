import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Db, listenChannel, parseInt8, parseTimestamp, pgTypes, queryable, type Row } from './db';

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

/** A parameter in PostgreSQL's text form, as pg sends it: a one-dimensional array as an array literal. */
function textParameter(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return String(value);
  const elements = value.map((element: unknown) =>
    element === null || element === undefined ? 'NULL' : `"${String(element).replace(/["\\]/g, '\\$&')}"`,
  );
  return `{${elements.join(',')}}`;
}

/**
 * A named prepared statement on PGlite's one session. Its `query` parses every statement afresh
 * (an unnamed one) and SQL's EXECUTE takes no parameters, so this speaks the wire protocol as
 * `query` does, with a name: Parse once, then Bind, Describe, Execute and Sync, under the same
 * locks as `query` (it waits for a transaction under way).
 */
function pglitePrepared(pglite: PGlite) {
  const parsed = new Set<string>();
  const { serialize } = protocol;
  const run = async (name: string, sql: string, params: readonly unknown[]): Promise<Row[]> =>
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
        const messages = [];
        try {
          if (!parsed.has(name)) {
            messages.push(...(await send(serialize.parse({ name, text: sql }))));
            parsed.add(name);
          }
          const values = params.map(textParameter);
          messages.push(...(await send(serialize.bind({ statement: name, values }))));
          messages.push(...(await send(serialize.describe({ type: 'P' }))));
          messages.push(...(await send(serialize.execute({}))));
        } finally {
          messages.push(...(await send(serialize.sync())));
        }
        return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as Row[];
      }),
    );
  /** Drops every prepared statement, so the next call of each name is parsed again (nothing may be under way). */
  const deallocateAll = async () => {
    await pglite.exec('deallocate all');
    parsed.clear();
  };
  return { run, deallocateAll };
}

export interface PgliteDb extends Db {
  pglite: PGlite;
  /**
   * Forgets the session's prepared statements, as a new session would have none: for a test
   * database emptied and handed to the next test (src/test/test-db.ts).
   */
  deallocateAll(): Promise<void>;
}

/** The embedded PostgreSQL (WASM): one connection, so statements run one after another. */
export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
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
  const { run: prepared, deallocateAll } = pglitePrepared(pglite);
  // Statements inside a transaction are part of its call, not more waiting ones.
  const inTransaction = <T>(work: () => Promise<T>) => work();
  return {
    kind: 'pglite',
    pglite,
    ...pgliteQueryable(pglite, track),
    prepared: async <T>(name: string, sql: string, params: readonly unknown[]) =>
      (await track(() => prepared(name, sql, params))) as T[],
    // One process: a notification reaches every listener of the one session, so nothing is lost.
    async listen(channel, handlers) {
      const unlisten = await pglite.listen(listenChannel(channel), (payload) => handlers.onNotify(payload));
      handlers.onListening();
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    transaction: (fn) => track(() => pglite.transaction((tx) => fn(pgliteQueryable(tx, inTransaction)))),
    deallocateAll,
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
