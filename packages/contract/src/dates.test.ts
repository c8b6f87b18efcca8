import { describe, expect, it } from 'vitest';
import { formatUkDate } from './dates';

describe('formatUkDate', () => {
  it('writes a calendar date the British way', () => {
    expect(formatUkDate('2026-11-21')).toBe('21 November 2026');
    expect(formatUkDate('2027-01-01')).toBe('1 January 2027');
    expect(formatUkDate('2028-02-29')).toBe('29 February 2028');
  });

  it('shows an impossible day as it was given, never as another day', () => {
    expect(formatUkDate('2026-02-30')).toBe('2026-02-30');
    expect(formatUkDate('2027-02-29')).toBe('2027-02-29');
  });

  it('writes an instant as the date it was in the UK', () => {
    expect(formatUkDate('2026-11-21T09:30:00.000Z')).toBe('21 November 2026');
    // 23:30 UTC on 20 June is 00:30 on 21 June in London (summer time).
    expect(formatUkDate('2026-06-20T23:30:00.000Z')).toBe('21 June 2026');
    expect(formatUkDate(new Date(Date.UTC(2026, 11, 31, 12)))).toBe('31 December 2026');
    // 23:30 UTC on New Year's Eve is still that day in London (Greenwich time).
    expect(formatUkDate('2026-12-31T23:30:00Z')).toBe('31 December 2026');
    // An offset in the string is honoured: 00:30 in Paris on 1 July is 23:30 on 30 June in London.
    expect(formatUkDate('2026-07-01T00:30:00+02:00')).toBe('30 June 2026');
  });

  it('changes to and from summer time at 01:00 UTC on the last Sundays of March and October', () => {
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(formatUkDate('2026-03-28T23:30:00Z')).toBe('28 March 2026');
    expect(formatUkDate('2026-03-29T00:59:59Z')).toBe('29 March 2026');
    expect(formatUkDate('2026-03-29T23:30:00Z')).toBe('30 March 2026');
    expect(formatUkDate('2026-10-24T23:30:00Z')).toBe('25 October 2026');
    expect(formatUkDate('2026-10-25T23:30:00Z')).toBe('25 October 2026');
    // 2027: from 28 March to 31 October.
    expect(formatUkDate('2027-03-27T23:30:00Z')).toBe('27 March 2027');
    expect(formatUkDate('2027-03-28T23:30:00Z')).toBe('29 March 2027');
    expect(formatUkDate('2027-10-30T23:30:00Z')).toBe('31 October 2027');
    expect(formatUkDate('2027-10-31T23:30:00Z')).toBe('31 October 2027');
  });

  it("agrees with the platform's own UK date for instants all through 1996 to 2099", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    const start = Date.UTC(1996, 0, 1);
    const end = Date.UTC(2100, 0, 1);
    // Every day near midnight, where the zone decides the date, every 7 hours between.
    const instants: number[] = [];
    for (let day = start; day < end; day += 24 * 3_600_000) {
      instants.push(day - 30 * 60_000, day + 30 * 60_000, day + 23 * 3_600_000 + 30 * 60_000);
    }
    for (let time = start; time < end; time += 7 * 3_600_000) instants.push(time);
    const wrong = instants
      .map((time) => new Date(time))
      .filter((date) => formatUkDate(date) !== intl.format(date))
      .map((date) => `${date.toISOString()}: ${formatUkDate(date)}, not ${intl.format(date)}`);
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(instants.length).toBeGreaterThan(200_000);
  });

  it('gives back what is not a date as it was', () => {
    expect(formatUkDate('not a date')).toBe('not a date');
    expect(formatUkDate('2026-13-45')).toBe('2026-13-45');
  });
});
