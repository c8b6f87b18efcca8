import { describe, expect, it } from 'vitest';
import { normaliseReference, REFERENCE_SYMBOLS, referenceOf } from './references';

describe('references people are given', () => {
  it('are read aloud without the symbols people confuse: no 0, 1, I or O', () => {
    expect(REFERENCE_SYMBOLS).toHaveLength(32);
    for (const confusable of ['0', '1', 'I', 'O']) expect(REFERENCE_SYMBOLS).not.toContain(confusable);
    expect(referenceOf('R', '7KX4M2QD')).toBe('R-7KX4-M2QD');
  });

  it('are found however they are typed: any case, spaces or hyphens anywhere', () => {
    for (const typed of ['R-7KX4-M2QD', 'r-7kx4-m2qd', 'R7KX4M2QD', ' r 7kx4 m2qd ', 'R-7KX4M2QD'])
      expect(normaliseReference('R', typed), typed).toBe('R-7KX4-M2QD');
    expect(normaliseReference('C', 'c-7kx4-m2qd')).toBe('C-7KX4-M2QD');
  });

  it('keep the numbered ones given before (R-000123), so old links still open', () => {
    expect(normaliseReference('R', 'R-000123')).toBe('R-000123');
    expect(normaliseReference('R', 'r000123')).toBe('R-000123');
  });

  it('refuse what cannot be one', () => {
    for (const typed of [
      '',
      'R-',
      'R-7KX4-M2Q',
      'R-7KX4-M2QDX',
      'R-7KX4-M2Q0',
      'R-7KX4-M2QI',
      'C-7KX4-M2QD',
      'R-12',
    ])
      expect(normaliseReference('R', typed), typed).toBeNull();
  });
});
