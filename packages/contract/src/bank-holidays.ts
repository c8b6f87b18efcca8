// The bank holidays of each UK nation, as data: a due date that falls on one moves to the next
// working day (ICO, Right of access, "How long do we have to comply?"). Copied from GOV.UK's list
// (https://www.gov.uk/bank-holidays), substitute days included; one-off days are proclaimed by the
// King a few months ahead, so the list is extended by hand, and a test fails a year before it runs
// out (docs/decisions/0040).

/** A calendar date, 'YYYY-MM-DD', read and computed at UTC so no clock change moves it. */
export type IsoDate = string;

export type Nation = 'england-and-wales' | 'scotland' | 'northern-ireland';
export const NATIONS: readonly Nation[] = ['england-and-wales', 'scotland', 'northern-ireland'];

export const nationLabels: Record<Nation, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

export interface BankHoliday {
  date: IsoDate;
  /** GOV.UK's name, as a member of the public knows the day. */
  name: string;
  /** The weekday that stands in for a holiday falling on a weekend (Christmas Day on a Saturday). */
  substitute: boolean;
}

/** The first and last years the list covers, whole years for every nation. */
export const FIRST_HOLIDAY_YEAR = 2024;
export const LAST_HOLIDAY_YEAR = 2030;

const h = (date: IsoDate, name: string, substitute = false): BankHoliday => ({ date, name, substitute });

export const BANK_HOLIDAYS: Record<Nation, readonly BankHoliday[]> = {
  'england-and-wales': [
    // 2024
    h('2024-01-01', 'New Year’s Day'),
    h('2024-03-29', 'Good Friday'),
    h('2024-04-01', 'Easter Monday'),
    h('2024-05-06', 'Early May bank holiday'),
    h('2024-05-27', 'Spring bank holiday'),
    h('2024-08-26', 'Summer bank holiday'),
    h('2024-12-25', 'Christmas Day'),
    h('2024-12-26', 'Boxing Day'),
    // 2025
    h('2025-01-01', 'New Year’s Day'),
    h('2025-04-18', 'Good Friday'),
    h('2025-04-21', 'Easter Monday'),
    h('2025-05-05', 'Early May bank holiday'),
    h('2025-05-26', 'Spring bank holiday'),
    h('2025-08-25', 'Summer bank holiday'),
    h('2025-12-25', 'Christmas Day'),
    h('2025-12-26', 'Boxing Day'),
    // 2026
    h('2026-01-01', 'New Year’s Day'),
    h('2026-04-03', 'Good Friday'),
    h('2026-04-06', 'Easter Monday'),
    h('2026-05-04', 'Early May bank holiday'),
    h('2026-05-25', 'Spring bank holiday'),
    h('2026-08-31', 'Summer bank holiday'),
    h('2026-12-25', 'Christmas Day'),
    h('2026-12-28', 'Boxing Day', true),
    // 2027
    h('2027-01-01', 'New Year’s Day'),
    h('2027-03-26', 'Good Friday'),
    h('2027-03-29', 'Easter Monday'),
    h('2027-05-03', 'Early May bank holiday'),
    h('2027-05-31', 'Spring bank holiday'),
    h('2027-08-30', 'Summer bank holiday'),
    h('2027-12-27', 'Christmas Day', true),
    h('2027-12-28', 'Boxing Day', true),
    // 2028
    h('2028-01-03', 'New Year’s Day', true),
    h('2028-04-14', 'Good Friday'),
    h('2028-04-17', 'Easter Monday'),
    h('2028-05-01', 'Early May bank holiday'),
    h('2028-05-29', 'Spring bank holiday'),
    h('2028-08-28', 'Summer bank holiday'),
    h('2028-12-25', 'Christmas Day'),
    h('2028-12-26', 'Boxing Day'),
    // 2029
    h('2029-01-01', 'New Year’s Day'),
    h('2029-03-30', 'Good Friday'),
    h('2029-04-02', 'Easter Monday'),
    h('2029-05-07', 'Early May bank holiday'),
    h('2029-05-28', 'Spring bank holiday'),
    h('2029-08-27', 'Summer bank holiday'),
    h('2029-12-25', 'Christmas Day'),
    h('2029-12-26', 'Boxing Day'),
    // 2030
    h('2030-01-01', 'New Year’s Day'),
    h('2030-04-19', 'Good Friday'),
    h('2030-04-22', 'Easter Monday'),
    h('2030-05-06', 'Early May bank holiday'),
    h('2030-05-27', 'Spring bank holiday'),
    h('2030-08-26', 'Summer bank holiday'),
    h('2030-12-25', 'Christmas Day'),
    h('2030-12-26', 'Boxing Day'),
  ],
  scotland: [
    // 2024
    h('2024-01-01', 'New Year’s Day'),
    h('2024-01-02', '2nd January'),
    h('2024-03-29', 'Good Friday'),
    h('2024-05-06', 'Early May bank holiday'),
    h('2024-05-27', 'Spring bank holiday'),
    h('2024-08-05', 'Summer bank holiday'),
    h('2024-12-02', 'St Andrew’s Day', true),
    h('2024-12-25', 'Christmas Day'),
    h('2024-12-26', 'Boxing Day'),
    // 2025
    h('2025-01-01', 'New Year’s Day'),
    h('2025-01-02', '2nd January'),
    h('2025-04-18', 'Good Friday'),
    h('2025-05-05', 'Early May bank holiday'),
    h('2025-05-26', 'Spring bank holiday'),
    h('2025-08-04', 'Summer bank holiday'),
    h('2025-12-01', 'St Andrew’s Day', true),
    h('2025-12-25', 'Christmas Day'),
    h('2025-12-26', 'Boxing Day'),
    // 2026
    h('2026-01-01', 'New Year’s Day'),
    h('2026-01-02', '2nd January'),
    h('2026-04-03', 'Good Friday'),
    h('2026-05-04', 'Early May bank holiday'),
    h('2026-05-25', 'Spring bank holiday'),
    // One-off: Scotland's first men's World Cup match since 1998 (Royal Proclamation, February 2026).
    h('2026-06-15', 'World Cup bank holiday'),
    h('2026-08-03', 'Summer bank holiday'),
    h('2026-11-30', 'St Andrew’s Day'),
    h('2026-12-25', 'Christmas Day'),
    h('2026-12-28', 'Boxing Day', true),
    // 2027
    h('2027-01-01', 'New Year’s Day'),
    h('2027-01-04', '2nd January', true),
    h('2027-03-26', 'Good Friday'),
    h('2027-05-03', 'Early May bank holiday'),
    h('2027-05-31', 'Spring bank holiday'),
    h('2027-08-02', 'Summer bank holiday'),
    h('2027-11-30', 'St Andrew’s Day'),
    h('2027-12-27', 'Christmas Day', true),
    h('2027-12-28', 'Boxing Day', true),
    // 2028
    h('2028-01-03', 'New Year’s Day', true),
    h('2028-01-04', '2nd January', true),
    h('2028-04-14', 'Good Friday'),
    h('2028-05-01', 'Early May bank holiday'),
    h('2028-05-29', 'Spring bank holiday'),
    h('2028-08-07', 'Summer bank holiday'),
    h('2028-11-30', 'St Andrew’s Day'),
    h('2028-12-25', 'Christmas Day'),
    h('2028-12-26', 'Boxing Day'),
    // 2029
    h('2029-01-01', 'New Year’s Day'),
    h('2029-01-02', '2nd January'),
    h('2029-03-30', 'Good Friday'),
    h('2029-05-07', 'Early May bank holiday'),
    h('2029-05-28', 'Spring bank holiday'),
    h('2029-08-06', 'Summer bank holiday'),
    h('2029-11-30', 'St Andrew’s Day'),
    h('2029-12-25', 'Christmas Day'),
    h('2029-12-26', 'Boxing Day'),
    // 2030
    h('2030-01-01', 'New Year’s Day'),
    h('2030-01-02', '2nd January'),
    h('2030-04-19', 'Good Friday'),
    h('2030-05-06', 'Early May bank holiday'),
    h('2030-05-27', 'Spring bank holiday'),
    h('2030-08-05', 'Summer bank holiday'),
    h('2030-12-02', 'St Andrew’s Day', true),
    h('2030-12-25', 'Christmas Day'),
    h('2030-12-26', 'Boxing Day'),
  ],
  'northern-ireland': [
    // 2024
    h('2024-01-01', 'New Year’s Day'),
    h('2024-03-18', 'St Patrick’s Day', true),
    h('2024-03-29', 'Good Friday'),
    h('2024-04-01', 'Easter Monday'),
    h('2024-05-06', 'Early May bank holiday'),
    h('2024-05-27', 'Spring bank holiday'),
    h('2024-07-12', 'Battle of the Boyne (Orangemen’s Day)'),
    h('2024-08-26', 'Summer bank holiday'),
    h('2024-12-25', 'Christmas Day'),
    h('2024-12-26', 'Boxing Day'),
    // 2025
    h('2025-01-01', 'New Year’s Day'),
    h('2025-03-17', 'St Patrick’s Day'),
    h('2025-04-18', 'Good Friday'),
    h('2025-04-21', 'Easter Monday'),
    h('2025-05-05', 'Early May bank holiday'),
    h('2025-05-26', 'Spring bank holiday'),
    h('2025-07-14', 'Battle of the Boyne (Orangemen’s Day)', true),
    h('2025-08-25', 'Summer bank holiday'),
    h('2025-12-25', 'Christmas Day'),
    h('2025-12-26', 'Boxing Day'),
    // 2026
    h('2026-01-01', 'New Year’s Day'),
    h('2026-03-17', 'St Patrick’s Day'),
    h('2026-04-03', 'Good Friday'),
    h('2026-04-06', 'Easter Monday'),
    h('2026-05-04', 'Early May bank holiday'),
    h('2026-05-25', 'Spring bank holiday'),
    h('2026-07-13', 'Battle of the Boyne (Orangemen’s Day)', true),
    h('2026-08-31', 'Summer bank holiday'),
    h('2026-12-25', 'Christmas Day'),
    h('2026-12-28', 'Boxing Day', true),
    // 2027
    h('2027-01-01', 'New Year’s Day'),
    h('2027-03-17', 'St Patrick’s Day'),
    h('2027-03-26', 'Good Friday'),
    h('2027-03-29', 'Easter Monday'),
    h('2027-05-03', 'Early May bank holiday'),
    h('2027-05-31', 'Spring bank holiday'),
    h('2027-07-12', 'Battle of the Boyne (Orangemen’s Day)'),
    h('2027-08-30', 'Summer bank holiday'),
    h('2027-12-27', 'Christmas Day', true),
    h('2027-12-28', 'Boxing Day', true),
    // 2028
    h('2028-01-03', 'New Year’s Day', true),
    h('2028-03-17', 'St Patrick’s Day'),
    h('2028-04-14', 'Good Friday'),
    h('2028-04-17', 'Easter Monday'),
    h('2028-05-01', 'Early May bank holiday'),
    h('2028-05-29', 'Spring bank holiday'),
    h('2028-07-12', 'Battle of the Boyne (Orangemen’s Day)'),
    h('2028-08-28', 'Summer bank holiday'),
    h('2028-12-25', 'Christmas Day'),
    h('2028-12-26', 'Boxing Day'),
    // 2029
    h('2029-01-01', 'New Year’s Day'),
    h('2029-03-19', 'St Patrick’s Day', true),
    h('2029-03-30', 'Good Friday'),
    h('2029-04-02', 'Easter Monday'),
    h('2029-05-07', 'Early May bank holiday'),
    h('2029-05-28', 'Spring bank holiday'),
    h('2029-07-12', 'Battle of the Boyne (Orangemen’s Day)'),
    h('2029-08-27', 'Summer bank holiday'),
    h('2029-12-25', 'Christmas Day'),
    h('2029-12-26', 'Boxing Day'),
    // 2030
    h('2030-01-01', 'New Year’s Day'),
    h('2030-03-18', 'St Patrick’s Day', true),
    h('2030-04-19', 'Good Friday'),
    h('2030-04-22', 'Easter Monday'),
    h('2030-05-06', 'Early May bank holiday'),
    h('2030-05-27', 'Spring bank holiday'),
    h('2030-07-12', 'Battle of the Boyne (Orangemen’s Day)'),
    h('2030-08-26', 'Summer bank holiday'),
    h('2030-12-25', 'Christmas Day'),
    h('2030-12-26', 'Boxing Day'),
  ],
};

const byDate: Record<Nation, Map<IsoDate, BankHoliday>> = {
  'england-and-wales': new Map(BANK_HOLIDAYS['england-and-wales'].map((day) => [day.date, day])),
  scotland: new Map(BANK_HOLIDAYS.scotland.map((day) => [day.date, day])),
  'northern-ireland': new Map(BANK_HOLIDAYS['northern-ireland'].map((day) => [day.date, day])),
};

/**
 * The bank holiday of `nation` on `date`, or null. Outside the years the list covers it throws
 * rather than answer "no holiday": a due date silently landing on an unlisted Christmas is worse
 * than an error the year-ahead test should have prevented.
 */
export function bankHoliday(nation: Nation, date: IsoDate): BankHoliday | null {
  const year = Number(date.slice(0, 4));
  if (!(year >= FIRST_HOLIDAY_YEAR && year <= LAST_HOLIDAY_YEAR)) {
    throw new RangeError(
      `Bank holidays are known from ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}, not for ${date}: extend packages/contract/src/bank-holidays.ts.`,
    );
  }
  return byDate[nation].get(date) ?? null;
}
