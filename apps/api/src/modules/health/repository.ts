import type { Queryable } from '../../db/db';

/** The cheapest statement the database can answer: readiness asks only that it answers. */
export async function pingDatabase(q: Queryable): Promise<void> {
  await q.query('select 1');
}
