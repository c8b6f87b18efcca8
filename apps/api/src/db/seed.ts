import type { Env } from '../env';
import { contentSeed } from '../modules/content/seed';
import { demoRequestsSeed } from '../modules/requests/demo-seed';
import { demoAccountsSeed } from '../modules/users/demo-seed';
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

/** Add a feature's seed here (in the order they must run). */
export const seeds: Seed[] = [demoAccountsSeed, demoRequestsSeed, contentSeed()];

export async function runSeeds(db: Db, env: Env, list: readonly Seed[] = seeds): Promise<void> {
  for (const seed of list) {
    try {
      await seed.run(db, env);
    } catch (error) {
      throw new Error(`Seed ${seed.name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
