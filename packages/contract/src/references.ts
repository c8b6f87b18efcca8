// The references people are given for what they sent (R- a request to an operator, C- a contact
// message, P- a partnership application): random, short enough to read aloud, and showing neither
// how many there have been nor which brand's sequence they came from (issue 36, item 27).

/** 32 symbols: digits and capitals without 0, 1, I and O, which are misread for one another. */
export const REFERENCE_SYMBOLS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Eight symbols: 40 bits, read aloud as two groups of four. */
export const REFERENCE_CODE_LENGTH = 8;

export type ReferencePrefix = 'R' | 'C' | 'P';

/** `R-7KX4-M2QD` from the prefix and eight symbols. */
export function referenceOf(prefix: ReferencePrefix, code: string): string {
  return `${prefix}-${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A reference as it is stored, from what a person typed or read out: any case, with or without
 * spaces and hyphens. References given before they were random (R-000123) are kept as they are.
 * Null when it cannot be one of `prefix`.
 */
export function normaliseReference(prefix: ReferencePrefix, typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(prefix)) return null;
  const code = compact.slice(prefix.length);
  if (/^\d{6,9}$/.test(code)) return `${prefix}-${code}`;
  if (code.length !== REFERENCE_CODE_LENGTH || [...code].some((c) => !REFERENCE_SYMBOLS.includes(c)))
    return null;
  return referenceOf(prefix, code);
}
