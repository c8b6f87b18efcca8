import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db';
import type { Db } from './db';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  await db.exec('create table notes (id int primary key, body text not null)');
});
afterAll(() => db.close());

describe('Db', () => {
  it('returns the same JavaScript types on either database', async () => {
    const row = await db.one(
      `select 9007199254740991::int8 as big, count(*) as n, 1.5::numeric as num, '2024-02-29'::date as day,
              '2024-02-29 13:45:00'::timestamp as local_time, '2024-02-29 13:45:00+01'::timestamptz as at,
              '{"a":[1]}'::jsonb as doc, array[1, 2]::int8[] as ids, true as yes, null::text as nothing
         from (values (1), (2)) v(x)`,
    );
    expect(row).toEqual({
      big: 9007199254740991,
      n: 2,
      num: '1.5',
      day: '2024-02-29',
      local_time: new Date('2024-02-29T13:45:00Z'),
      at: new Date('2024-02-29T12:45:00Z'),
      doc: { a: [1] },
      ids: [1, 2],
      yes: true,
      nothing: null,
    });
  });

  it('passes parameters, arrays and JSON alike', async () => {
    const row = await db.one<{ total: number; doc: unknown }>(
      'select (select sum(x) from unnest($1::int[]) x)::int as total, $2::jsonb as doc',
      [[1, 2, 3], JSON.stringify({ b: 'c' })],
    );
    expect(row).toEqual({ total: 6, doc: { b: 'c' } });
  });

  it('passes arrays to a prepared statement as they are, quotes, backslashes and nulls too', async () => {
    const words = ['plain', 'a "quoted" word', 'back\\slash', 'comma, brace}', null, ''];
    for (let run = 0; run < 2; run += 1) {
      const [row] = await db.prepared<{ words: (string | null)[]; n: number }>(
        'test_array_parameter',
        'select $1::text[] as words, cardinality($1::text[]) as n',
        [words],
      );
      expect(row).toEqual({ words, n: 6 });
    }
  });

  it('one throws unless exactly one row comes back; maybeOne allows none', async () => {
    await expect(db.one('select 1 where false')).rejects.toThrow('Expected exactly one row, got 0');
    await expect(db.one('select * from (values (1), (2)) v(x)')).rejects.toThrow(
      'Expected exactly one row, got 2',
    );
    expect(await db.maybeOne('select 1 where false')).toBeUndefined();
    await expect(db.maybeOne('select * from (values (1), (2)) v(x)')).rejects.toThrow('at most one row');
  });

  it('commits a transaction that resolves and undoes one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [1, 'kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values ($1, $2)', [2, 'undone']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('select id, body from notes order by id')).toEqual([{ id: 1, body: 'kept' }]);
  });

  it('runs several statements with exec', async () => {
    await db.exec(`insert into notes values (10, 'a'); insert into notes values (11, 'b');`);
    expect(await db.one('select count(*) as n from notes where id >= 10')).toEqual({ n: 2 });
  });
});
