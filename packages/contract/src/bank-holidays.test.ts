import { describe, expect, it } from 'vitest';
import {
  BANK_HOLIDAYS,
  bankHoliday,
  FIRST_HOLIDAY_YEAR,
  LAST_HOLIDAY_YEAR,
  NATIONS,
  type Nation,
} from './bank-holidays';
import { easterSunday } from './test/easter';

// The source: https://www.gov.uk/bank-holidays (England and Wales, Scotland, Northern Ireland).

const names = (nation: Nation, year: number) =>
  BANK_HOLIDAYS[nation]
    .filter((day) => day.date.startsWith(`${year}-`))
    .map((day) => `${day.date} ${day.name}`);

/** Easter Sunday as the list writes dates, from the rule (independent of the data under test). */
const easterDate = (year: number) => easterSunday(year).toISOString().slice(0, 10);
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('bank holidays', () => {
  it('cover more than the next year, so the data is extended a year before it runs out', () => {
    // Fails in January of LAST_HOLIDAY_YEAR - 1: add the next years from GOV.UK (decision 0040).
    expect(LAST_HOLIDAY_YEAR).toBeGreaterThan(new Date().getUTCFullYear() + 1);
    expect(FIRST_HOLIDAY_YEAR).toBe(2024);
    expect(LAST_HOLIDAY_YEAR).toBe(2030);
  });

  it('list every covered year for every nation, in order, never twice, never on a weekend', () => {
    for (const nation of NATIONS) {
      const dates = BANK_HOLIDAYS[nation].map((day) => day.date);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      for (const date of dates) expect([0, 6]).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
      for (let year = FIRST_HOLIDAY_YEAR; year <= LAST_HOLIDAY_YEAR; year++) {
        // England and Wales 8 a year, Scotland 9 (10 in 2026), Northern Ireland 10.
        const expected = { 'england-and-wales': 8, scotland: year === 2026 ? 10 : 9, 'northern-ireland': 10 }[
          nation
        ];
        expect(names(nation, year), `${nation} ${year}`).toHaveLength(expected);
      }
      expect(dates[0]?.startsWith(`${FIRST_HOLIDAY_YEAR}-`)).toBe(true);
      expect(dates[dates.length - 1]?.startsWith(`${LAST_HOLIDAY_YEAR}-`)).toBe(true);
    }
  });

  it('put Good Friday and Easter Monday around each Easter Sunday; Scotland has no Easter Monday', () => {
    for (let year = FIRST_HOLIDAY_YEAR; year <= LAST_HOLIDAY_YEAR; year++) {
      const easter = easterDate(year);
      for (const nation of NATIONS) expect(bankHoliday(nation, shift(easter, -2))?.name).toBe('Good Friday');
      expect(bankHoliday('england-and-wales', shift(easter, 1))?.name).toBe('Easter Monday');
      expect(bankHoliday('northern-ireland', shift(easter, 1))?.name).toBe('Easter Monday');
      expect(bankHoliday('scotland', shift(easter, 1))).toBeNull();
    }
    // Pinned: Easter Sundays 31 Mar 2024, 20 Apr 2025, 5 Apr 2026, 28 Mar 2027, 16 Apr 2028, 1 Apr 2029, 21 Apr 2030.
    expect([2024, 2025, 2026, 2027, 2028, 2029, 2030].map(easterDate)).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
      '2030-04-21',
    ]);
  });

  it('match GOV.UK for England and Wales in 2026, Boxing Day on its substitute Monday', () => {
    expect(names('england-and-wales', 2026)).toEqual([
      '2026-01-01 New Year’s Day',
      '2026-04-03 Good Friday',
      '2026-04-06 Easter Monday',
      '2026-05-04 Early May bank holiday',
      '2026-05-25 Spring bank holiday',
      '2026-08-31 Summer bank holiday',
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day',
    ]);
    expect(bankHoliday('england-and-wales', '2026-12-28')).toEqual({
      date: '2026-12-28',
      name: 'Boxing Day',
      substitute: true,
    });
    expect(bankHoliday('england-and-wales', '2026-12-26')).toBeNull();
  });

  it("match GOV.UK for Scotland in 2026: 2 January, the first Monday of August, St Andrew's Day", () => {
    expect(names('scotland', 2026)).toEqual([
      '2026-01-01 New Year’s Day',
      '2026-01-02 2nd January',
      '2026-04-03 Good Friday',
      '2026-05-04 Early May bank holiday',
      '2026-05-25 Spring bank holiday',
      '2026-06-15 World Cup bank holiday',
      '2026-08-03 Summer bank holiday',
      '2026-11-30 St Andrew’s Day',
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day',
    ]);
  });

  it("match GOV.UK for Northern Ireland in 2026: St Patrick's Day, the Boyne on its substitute Monday", () => {
    expect(names('northern-ireland', 2026)).toEqual([
      '2026-01-01 New Year’s Day',
      '2026-03-17 St Patrick’s Day',
      '2026-04-03 Good Friday',
      '2026-04-06 Easter Monday',
      '2026-05-04 Early May bank holiday',
      '2026-05-25 Spring bank holiday',
      '2026-07-13 Battle of the Boyne (Orangemen’s Day)',
      '2026-08-31 Summer bank holiday',
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day',
    ]);
  });

  it('move holidays on a weekend to substitute weekdays', () => {
    const substitutes = (nation: Nation) =>
      BANK_HOLIDAYS[nation].filter((day) => day.substitute).map((day) => `${day.date} ${day.name}`);
    expect(substitutes('england-and-wales')).toEqual([
      '2026-12-28 Boxing Day',
      '2027-12-27 Christmas Day',
      '2027-12-28 Boxing Day',
      '2028-01-03 New Year’s Day',
    ]);
    expect(substitutes('scotland')).toEqual([
      '2024-12-02 St Andrew’s Day',
      '2025-12-01 St Andrew’s Day',
      '2026-12-28 Boxing Day',
      '2027-01-04 2nd January',
      '2027-12-27 Christmas Day',
      '2027-12-28 Boxing Day',
      '2028-01-03 New Year’s Day',
      '2028-01-04 2nd January',
      '2030-12-02 St Andrew’s Day',
    ]);
    expect(substitutes('northern-ireland')).toEqual([
      '2024-03-18 St Patrick’s Day',
      '2025-07-14 Battle of the Boyne (Orangemen’s Day)',
      '2026-07-13 Battle of the Boyne (Orangemen’s Day)',
      '2026-12-28 Boxing Day',
      '2027-12-27 Christmas Day',
      '2027-12-28 Boxing Day',
      '2028-01-03 New Year’s Day',
      '2029-03-19 St Patrick’s Day',
      '2030-03-18 St Patrick’s Day',
    ]);
  });

  it('keep the early May and spring bank holidays on the first and last Mondays of May', () => {
    const may = (name: string) =>
      BANK_HOLIDAYS['england-and-wales'].filter((day) => day.name === name).map((day) => day.date);
    expect(may('Early May bank holiday')).toEqual([
      '2024-05-06',
      '2025-05-05',
      '2026-05-04',
      '2027-05-03',
      '2028-05-01',
      '2029-05-07',
      '2030-05-06',
    ]);
    expect(may('Spring bank holiday')).toEqual([
      '2024-05-27',
      '2025-05-26',
      '2026-05-25',
      '2027-05-31',
      '2028-05-29',
      '2029-05-28',
      '2030-05-27',
    ]);
  });

  it('refuse a year they do not cover rather than answer "no holiday"', () => {
    expect(() => bankHoliday('england-and-wales', '2031-01-01')).toThrow(RangeError);
    expect(() => bankHoliday('scotland', '2023-12-25')).toThrow(RangeError);
    expect(bankHoliday('scotland', '2030-12-31')).toBeNull();
  });
});
