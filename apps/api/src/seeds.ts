import type { Seed } from './db/seed';
import { contentSeed } from './modules/content/seed';
import { demoDisclosureSeed } from './modules/disclosures/demo-seed';
import { demoRequestsSeed } from './modules/requests/demo-seed';
import { demoAccountsSeed } from './modules/users/demo-seed';

/** The product's seeds, run at every start in this order: add a module's seed here. */
export const seeds: Seed[] = [demoAccountsSeed, demoRequestsSeed, demoDisclosureSeed, contentSeed()];
