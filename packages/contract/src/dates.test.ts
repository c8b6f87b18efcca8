import { describe, expect, it } from 'vitest';
import { formatUkDate } from './dates';

describe('formatUkDate', () => {
  it('writes a calendar date the British way', () => {
    expect(formatUkDate('2026-11-21')).toBe('21 November 2026');
    expect(formatUkDate('2027-01-01')).toBe('1 January 2027');
  });

  it('writes an instant as the date it was in the UK', () => {
    expect(formatUkDate('2026-11-21T09:30:00.000Z')).toBe('21 November 2026');
    // 23:30 UTC on 20 June is 00:30 on 21 June in London (summer time).
    expect(formatUkDate('2026-06-20T23:30:00.000Z')).toBe('21 June 2026');
    expect(formatUkDate(new Date(Date.UTC(2026, 11, 31, 12)))).toBe('31 December 2026');
  });

  it('gives back what is not a date as it was', () => {
    expect(formatUkDate('not a date')).toBe('not a date');
    expect(formatUkDate('2026-13-45')).toBe('2026-13-45');
  });
});
