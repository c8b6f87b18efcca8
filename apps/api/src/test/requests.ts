import type { Queryable } from '../db/db';

/** The desk's id of the request a visitor was given `reference` for (references are random). */
export async function requestIdByReference(db: Queryable, reference: string): Promise<number> {
  const row = await db.one<{ id: number }>('select id from relay_requests where reference = $1', [reference]);
  return row.id;
}
