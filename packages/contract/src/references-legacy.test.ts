import { describe, expect, it } from 'vitest';
import { normaliseReference } from './references';

// A numbered reference from before they were random (R-000123) is only ever digits: a typed
// reference with a letter before or after the digits is neither old nor new, so it finds nothing.
describe('an old numbered reference typed with something extra', () => {
  it('is refused with a letter before the digits', () => {
    expect(normaliseReference('R', 'R-X000123')).toBeNull();
  });

  it('is refused with letters after the digits', () => {
    expect(normaliseReference('R', 'R-000123AB')).toBeNull();
  });
});
