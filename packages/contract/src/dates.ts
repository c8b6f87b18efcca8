const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month of `year`, when British Summer Time starts (March) or ends (October). */
function lastSundayOneAm(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0);
  return lastDay - (new Date(lastDay).getUTCDay() * 24 - 1) * HOUR_MS;
}

/** The day of `date` at UTC, as '21 November 2026'. */
const writeUtcDay = (date: Date) =>
  `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/**
 * A date the British way, as every mail and page writes it: '21 November 2026'. Takes a calendar
 * date ('2026-11-21'), an ISO instant ('2026-11-21T09:30:00.000Z', shown as its UK date) or a
 * Date. Anything that is not a date comes back as it was.
 *
 * Written out by hand rather than with Intl.DateTimeFormat: a browser's first date format loads
 * its locale and time-zone data, about 100 ms of a slow phone's main thread while the page opens
 * (decision 0034). The tests hold it to Intl's answer.
 */
export function formatUkDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date names no instant: read at UTC midnight and written at UTC it never moves.
    const date = new Date(`${value}T00:00:00Z`);
    // An impossible day ('2026-02-30') is shown as it was given, never rolled on to 2 March.
    const real = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    return real ? writeUtcDay(date) : value;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  const time = date.getTime();
  if (Number.isNaN(time)) return String(value);
  // An instant is written as the date it was in the UK, whatever the zone of the browser or server:
  // an hour on in British Summer Time (the UK's rule since 1996: late March to late October).
  const year = date.getUTCFullYear();
  const summer = time >= lastSundayOneAm(year, 2) && time < lastSundayOneAm(year, 9);
  return writeUtcDay(summer ? new Date(time + HOUR_MS) : date);
}
