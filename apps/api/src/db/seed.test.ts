import { afterAll, beforeAll, expect, it } from 'vitest';
import { seeds } from '../seeds';
import { testEnv } from '../test/test-app';
import { createTestDb } from '../test/test-db';
import type { Db } from './db';
import { runSeeds, type Seed } from './seed';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

it('runs the seeds in order, and a second start adds nothing', async () => {
  const list: Seed[] = [
    { name: 'table', run: (d) => d.exec('create table if not exists colours (name text primary key)') },
    {
      name: 'rows',
      run: (d) =>
        d.exec("insert into colours values ('red'), ('blue') on conflict do nothing").then(() => undefined),
    },
  ];
  await runSeeds(db, testEnv(), list);
  await runSeeds(db, testEnv(), list);
  expect(await db.query('select name from colours order by name')).toEqual([
    { name: 'blue' },
    { name: 'red' },
  ]);
});

it('names the seed that failed', async () => {
  const broken: Seed = { name: 'broken', run: (d) => d.exec('select * from nowhere') };
  await expect(runSeeds(db, testEnv(), [broken])).rejects.toThrow(/Seed broken failed/);
});

// The demo operator's requests in every state are made through the desk's own calls: about 12 s
// alone, and up to three times that while the rest of the suite shares the machine.
it('the product seeds run twice without error', { timeout: 90_000 }, async () => {
  await runSeeds(db, testEnv(), seeds);
  await runSeeds(db, testEnv(), seeds);
});
