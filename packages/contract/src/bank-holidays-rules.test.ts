import { describe, expect, it } from 'vitest';
import {
  BANK_HOLIDAYS,
  type BankHoliday,
  bankHoliday,
  NATIONS,
  type Nation,
  nationLabels,
} from './bank-holidays';
import { easterSunday } from './test/easter';

// Every listed day checked against the rules that make the UK's bank holidays, worked out here
// without the list: GOV.UK, https://www.gov.uk/bank-holidays, and the Banking and Financial
// Dealings Act 1971, Schedule 1 (with the Scottish and Northern Irish days it names). A day that
// falls on a weekend is replaced by the next weekday that is not already a holiday.

const DAY_MS = 86_400_000;
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const iso = (date: Date) => date.toISOString().slice(0, 10);
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

const firstMonday = (year: number, month: number) => {
  const first = utc(year, month, 1);
  return utc(year, month, 1 + ((8 - first.getUTCDay()) % 7));
};
const lastMonday = (year: number, month: number) => {
  const last = utc(year, month + 1, 0);
  return utc(year, month, last.getUTCDate() - ((last.getUTCDay() + 6) % 7));
};
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The year's days by the rules: weekday days stay, weekend days move to the next free weekday. */
function byRules(nation: Nation, year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const days: [Date, string][] = [
    [utc(year, 1, 1), 'New Year’s Day'],
    [plusDays(easter, -2), 'Good Friday'],
    [firstMonday(year, 5), 'Early May bank holiday'],
    [lastMonday(year, 5), 'Spring bank holiday'],
    [utc(year, 12, 25), 'Christmas Day'],
    [utc(year, 12, 26), 'Boxing Day'],
  ];
  if (nation === 'scotland') {
    days.push(
      [utc(year, 1, 2), '2nd January'],
      [firstMonday(year, 8), 'Summer bank holiday'],
      [utc(year, 11, 30), 'St Andrew’s Day'],
    );
  } else {
    days.push([plusDays(easter, 1), 'Easter Monday'], [lastMonday(year, 8), 'Summer bank holiday']);
  }
  if (nation === 'northern-ireland') {
    days.push(
      [utc(year, 3, 17), 'St Patrick’s Day'],
      [utc(year, 7, 12), 'Battle of the Boyne (Orangemen’s Day)'],
    );
  }
  // One-off, by Royal Proclamation (February 2026): Scotland's first men's World Cup match since 1998.
  if (nation === 'scotland' && year === 2026) days.push([utc(2026, 6, 15), 'World Cup bank holiday']);
  days.sort(([a], [b]) => a.getTime() - b.getTime());
  const taken = new Set(days.filter(([date]) => !isWeekend(date)).map(([date]) => iso(date)));
  const result = days.map(([date, name]): BankHoliday => {
    if (!isWeekend(date)) return { date: iso(date), name, substitute: false };
    let moved = date;
    while (isWeekend(moved) || taken.has(iso(moved))) moved = plusDays(moved, 1);
    taken.add(iso(moved));
    return { date: iso(moved), name, substitute: true };
  });
  return result.sort((a, b) => a.date.localeCompare(b.date));
}

describe('every bank holiday listed, 2024 to 2030, follows the rules that make it', () => {
  for (const nation of ['england-and-wales', 'scotland', 'northern-ireland'] as const) {
    for (let year = 2024; year <= 2030; year++) {
      it(`${nation} ${year}: each day's date, name and whether it stands in for a weekend day`, () => {
        const listed = BANK_HOLIDAYS[nation].filter((day) => day.date.startsWith(`${year}-`));
        expect(listed).toEqual(byRules(nation, year));
        for (const day of listed) expect(bankHoliday(nation, day.date)).toEqual(day);
      });
    }
  }

  it('the rules above agree with GOV.UK on the substitute days it lists for 2027 and 2028', () => {
    expect(byRules('scotland', 2027).filter((day) => day.substitute)).toEqual([
      { date: '2027-01-04', name: '2nd January', substitute: true },
      { date: '2027-12-27', name: 'Christmas Day', substitute: true },
      { date: '2027-12-28', name: 'Boxing Day', substitute: true },
    ]);
    expect(byRules('england-and-wales', 2028).filter((day) => day.substitute)).toEqual([
      { date: '2028-01-03', name: 'New Year’s Day', substitute: true },
    ]);
  });
});

describe('the nations', () => {
  it('are the three UK calendars, named as a visitor reads them', () => {
    expect(NATIONS).toEqual(['england-and-wales', 'scotland', 'northern-ireland']);
    expect(nationLabels).toEqual({
      'england-and-wales': 'England and Wales',
      scotland: 'Scotland',
      'northern-ireland': 'Northern Ireland',
    });
  });

  it('a year outside the list is refused with the years it covers and where to extend it', () => {
    expect(() => bankHoliday('england-and-wales', '2031-01-01')).toThrow(
      'Bank holidays are known from 2024 to 2030, not for 2031-01-01: extend packages/contract/src/bank-holidays.ts.',
    );
  });
});
