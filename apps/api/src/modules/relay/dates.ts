/** A date within this many days (or already past) is marked as near in the Requests list. */
export const NEAR_DAYS = 7;

/** Dates here are calendar dates, 'YYYY-MM-DD', computed in UTC so no clock change moves them. */
type IsoDate = string;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date): IsoDate => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (date: IsoDate): Date => new Date(`${date}T00:00:00Z`);

/** The calendar date in the UK (where the request is answered) of an instant. */
export function ukDate(instant: Date): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);
}

/**
 * The statutory answer date of a subject access request: one calendar month from receipt, that
 * is the same date next month, or the last day of next month when it has no such date
 * (31 January -> 28 or 29 February).
 */
export function dueDate(received: IsoDate): IsoDate {
  const start = parse(received);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

/** The day the footage of `recorded` would be overwritten: the recording date plus the retention days. */
export function overwriteDate(recorded: IsoDate, retentionDays: number): IsoDate {
  const date = parse(recorded);
  date.setUTCDate(date.getUTCDate() + retentionDays);
  return iso(date);
}

/** Whether `date` is within NEAR_DAYS of `today`, or already past. */
export function isNear(date: IsoDate, today: IsoDate): boolean {
  return (parse(date).getTime() - parse(today).getTime()) / 86_400_000 <= NEAR_DAYS;
}
