import type { Env } from '../env';
import type { Db } from './db';

/**
 * Demo content put in at every start. A seed must be idempotent: running it again (every
 * restart, several instances at once) leaves the data as one run would, e.g. with
 * `insert ... on conflict do nothing`.
 */
export interface Seed {
  name: string;
  run(db: Db, env: Env): Promise<void>;
}

/** Runs the seeds it is handed (the product's are listed in seeds.ts), in order. */
export async function runSeeds(db: Db, env: Env, list: readonly Seed[]): Promise<void> {
  for (const seed of list) {
    try {
      await seed.run(db, env);
    } catch (error) {
      throw new Error(`Seed ${seed.name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
