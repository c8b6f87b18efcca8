import { describe, expect, it } from 'vitest';
import { isUkCounty } from './postcode';

// The County pick-list shows a county with its nation in brackets; a person may type it without
// the space. The bracket is set aside, never the name before it.
describe('a county line with its nation in brackets', () => {
  it('is in the UK when typed without a space before the bracket', () => {
    expect(isUkCounty('Gwynedd(Wales)')).toBe(true);
  });

  it('is a country when the name before the bracket is not a UK county', () => {
    expect(isUkCounty('Brittany(France)')).toBe(false);
  });
});
