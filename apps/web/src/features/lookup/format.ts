const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-12-21' or an ISO instant, as '21 December 2026'. */
export function formatDate(value: string): string {
  return dateFormat.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
}

/** The path of a sign's public page. */
export function signPath(signRef: string): string {
  return `/sign/${encodeURIComponent(signRef)}`;
}
