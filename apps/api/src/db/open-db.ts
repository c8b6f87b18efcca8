import path from 'node:path';
import type { Env } from '../env';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** Where the embedded database keeps its files. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** The database the environment names: DATABASE_URL, else the embedded one in DATA_DIR/pgdata. */
export async function openDb(
  env: Pick<Env, 'databaseUrl' | 'dataDir'> & Partial<Pick<Env, 'dbStatementTimeoutMs'>>,
  onIdleError?: (error: Error) => void,
): Promise<Db> {
  if (env.databaseUrl) {
    return openPostgres({
      connectionString: env.databaseUrl,
      ...(env.dbStatementTimeoutMs ? { statementTimeoutMs: env.dbStatementTimeoutMs } : {}),
      ...(onIdleError ? { onIdleError } : {}),
    });
  }
  return openPglite({ dataDir: pgliteDataDir(env.dataDir) });
}
