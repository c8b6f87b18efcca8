import { describe, expect, it } from 'vitest';
import { SignLookupBatcher } from './batch';
import type { SignLookup } from './repository';

const sign = (key: string): SignLookup => ({
  id: key.length,
  signRef: `${key}-REF`,
  companyId: null,
  scheme: null,
});

/** A database whose statements answer when the test says: each call's keys, and its release. */
function heldDatabase() {
  const statements: { keys: string[]; answer: (known?: string[]) => void; fail: (error: Error) => void }[] =
    [];
  const load = (keys: string[]) =>
    new Promise<Map<string, SignLookup>>((resolve, reject) => {
      statements.push({
        keys,
        answer: (known = keys) => resolve(new Map(known.map((key) => [key, sign(key)]))),
        fail: reject,
      });
    });
  return { statements, load };
}

describe('sign look-ups gathered while the database is busy', () => {
  it('sends a look-up alone at once, and answers it', async () => {
    const db = heldDatabase();
    const batcher = new SignLookupBatcher(db.load, { inFlightMax: 2, keysMax: 16 });
    const found = batcher.find('AAA1');
    expect(db.statements.map((s) => s.keys)).toEqual([['AAA1']]);
    db.statements[0]?.answer();
    await expect(found).resolves.toEqual(sign('AAA1'));
  });

  it('runs two statements at most; the keys asked meanwhile go together, each answered with its own sign', async () => {
    const db = heldDatabase();
    const batcher = new SignLookupBatcher(db.load, { inFlightMax: 2, keysMax: 16 });
    const first = batcher.find('ONE');
    const second = batcher.find('TWO');
    const waiting = ['B1', 'B2', 'B1', 'NONE', 'B3'].map((key) => batcher.find(key));
    expect(db.statements.map((s) => s.keys)).toEqual([['ONE'], ['TWO']]);

    db.statements[1]?.answer();
    await expect(second).resolves.toEqual(sign('TWO'));
    // One statement for everything that waited, each key once, in the order asked.
    expect(db.statements.map((s) => s.keys)).toEqual([['ONE'], ['TWO'], ['B1', 'B2', 'NONE', 'B3']]);
    db.statements[2]?.answer(['B3', 'B1', 'B2']);
    await expect(Promise.all(waiting)).resolves.toEqual([
      sign('B1'),
      sign('B2'),
      sign('B1'),
      undefined,
      sign('B3'),
    ]);

    db.statements[0]?.answer();
    await expect(first).resolves.toEqual(sign('ONE'));
    expect(db.statements).toHaveLength(3);
  });

  it('puts 16 keys in a statement at most; the others go in the next, in the order asked', async () => {
    const db = heldDatabase();
    const batcher = new SignLookupBatcher(db.load, { inFlightMax: 2, keysMax: 16 });
    const keys = Array.from({ length: 40 }, (_, i) => `K${i + 1}`);
    const all = keys.map((key) => batcher.find(key));
    expect(db.statements.map((s) => s.keys)).toEqual([['K1'], ['K2']]);
    db.statements[0]?.answer();
    db.statements[1]?.answer();
    await all[1];
    expect(db.statements.map((s) => s.keys.length)).toEqual([1, 1, 16, 16]);
    expect(db.statements[2]?.keys).toEqual(keys.slice(2, 18));
    db.statements[2]?.answer();
    await all[17];
    expect(db.statements.map((s) => s.keys.length)).toEqual([1, 1, 16, 16, 6]);
    expect(db.statements[4]?.keys).toEqual(keys.slice(34));
    db.statements[3]?.answer();
    db.statements[4]?.answer();
    await expect(Promise.all(all)).resolves.toEqual(keys.map(sign));
  });

  it('fails only the look-ups a failed statement carried; the next ones still go', async () => {
    const db = heldDatabase();
    const batcher = new SignLookupBatcher(db.load, { inFlightMax: 1, keysMax: 16 });
    const failing = batcher.find('F1');
    const next = [batcher.find('N1'), batcher.find('N2')];
    db.statements[0]?.fail(new Error('the database is unreachable'));
    await expect(failing).rejects.toThrow('the database is unreachable');
    expect(db.statements.map((s) => s.keys)).toEqual([['F1'], ['N1', 'N2']]);
    db.statements[1]?.answer();
    await expect(Promise.all(next)).resolves.toEqual([sign('N1'), sign('N2')]);
    // Nothing is kept: the same key asked again is read again.
    const again = batcher.find('N1');
    expect(db.statements.map((s) => s.keys)).toEqual([['F1'], ['N1', 'N2'], ['N1']]);
    db.statements[2]?.answer([]);
    await expect(again).resolves.toBeUndefined();
  });
});
