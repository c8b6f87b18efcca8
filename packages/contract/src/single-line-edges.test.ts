import { describe, expect, it } from 'vitest';
import { isSingleLine } from './single-line';

// The edges of the refused ranges: DEL (0x7F) through the last C1 code (0x9F) are refused, the
// first printable character after them (0xA0, a no-break space) and plain ASCII are kept.
describe('a one-line field at the edges of the control ranges', () => {
  it('keeps plain ASCII and the first printable character after the C1 codes', () => {
    expect(isSingleLine('Jo Bloggs, 12 High Street')).toBe(true);
    expect(isSingleLine('12\u00a0High Street')).toBe(true);
  });

  it('refuses DEL and the last C1 code, wherever they stand', () => {
    expect(isSingleLine('Jo\u007f')).toBe(false);
    expect(isSingleLine('\u009fJo')).toBe(false);
  });
});
