const parts = { day: 'numeric', month: 'long', year: 'numeric' } as const;
// A calendar date ('2026-11-21') names no instant: read at UTC midnight and shown in UTC it never moves.
const calendarFormat = new Intl.DateTimeFormat('en-GB', { ...parts, timeZone: 'UTC' });
// An instant is shown as the date it was in the UK, whatever the zone of the browser or server.
const instantFormat = new Intl.DateTimeFormat('en-GB', { ...parts, timeZone: 'Europe/London' });

/**
 * A date the British way, as every mail and page writes it: '21 November 2026'. Takes a calendar
 * date ('2026-11-21'), an ISO instant ('2026-11-21T09:30:00.000Z', shown as its UK date) or a
 * Date. Anything that is not a date comes back as it was.
 */
export function formatUkDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : calendarFormat.format(date);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : instantFormat.format(date);
}
