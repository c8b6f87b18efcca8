// How long a site's recorder keeps footage: the words and bounds, without zod, so the public sign
// page can say it without loading zod first (docs/decisions/0030). The schema is in accounts.ts.

export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;

export const retentionMessages = {
  /** The question on the sign-up and site forms. */
  question: 'How many days does your recorder keep footage?',
  hint: 'Before the recorder overwrites it. Shown to the public, and used to warn visitors before the footage they ask for is overwritten.',
  required: 'Enter how many days your recorder keeps footage.',
  wholeDays: 'Recordings kept: whole days only.',
  min: `Recordings are kept for at least ${RETENTION_DAYS_MIN} day.`,
  max: `Recordings are kept for at most ${RETENTION_DAYS_MAX} days.`,
  /** What the public reads when the operator has not said (retentionDays null). */
  notStated: 'Not stated',
} as const;

/** "14 days", "1 day", or "Not stated": never a figure the operator has not given. */
export function retentionText(days: number | null): string {
  if (days === null) return retentionMessages.notStated;
  return days === 1 ? '1 day' : `${days} days`;
}
