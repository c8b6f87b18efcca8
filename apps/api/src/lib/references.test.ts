import { describe, expect, it } from 'vitest';
import { newReference } from './references';

describe('newReference', () => {
  it('draws eight of the 32 readable symbols after the prefix, in two groups of four', () => {
    const drawn = Array.from({ length: 2000 }, () => newReference('R'));
    for (const reference of drawn) expect(reference).toMatch(/^R-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    // Random, not counted: 2,000 draws of 40 bits do not repeat, and no two follow one another.
    expect(new Set(drawn).size).toBe(2000);
    expect(newReference('P')).toMatch(/^P-/);
  });
});
