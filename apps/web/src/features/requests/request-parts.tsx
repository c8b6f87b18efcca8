import { formatUkDate } from '@app/contract/dates';
import { daysUntil } from '@app/contract/legal-clock';
import type { DeskItem, ExplainedDate, HistoryEntry } from '@app/contract/requests';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import { Field } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import styles from './requests.module.css';

/** What a failed call says to the person: the server's own message (a 409's refusal), else a retry. */
export function failureText(cause: unknown, fallback = 'That did not work. Please try again.'): string {
  return cause instanceof ApiError ? (cause.serverMessage ?? fallback) : fallback;
}

/** A date and, under it, the plain words that say why it is that date. */
export function ExplainedDateText({ value, tag }: { value: ExplainedDate; tag?: ReactNode }) {
  return (
    <>
      {value.date ? formatUkDate(value.date) : 'No date yet'}
      {tag}
      <span className={styles.reason}>{value.reason}</span>
    </>
  );
}

/** "in 3 days", "today", "2 days ago": how near a date is, from the UK's today. */
export function countdown(date: string, today: string): string {
  const days = daysUntil(date, today);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  return days === -1 ? 'yesterday' : `${-days} days ago`;
}

/** The overwrite date of a footage request with what it means now: saved, gone, or how long is left. */
export function OverwriteText({ item, today }: { item: DeskItem; today: string }) {
  if (!item.overwrite) return null;
  const date = item.overwrite.date;
  let tag = null;
  if (item.footageSaved) tag = <span className={`${styles.tag} ${styles.savedTag}`}>Saved</span>;
  else if (date && daysUntil(date, today) < 0) tag = <span className={styles.tag}>Past</span>;
  else if (date) tag = <span className={styles.tag}>{countdown(date, today)}</span>;
  return <ExplainedDateText value={item.overwrite} tag={tag} />;
}

/** "14:00 to 14:30 on 20 November 2026", from what the visitor gave. */
export function footageWhen(request: {
  footageDate: string | null;
  timeFrom: string | null;
  timeTo: string | null;
}): string | null {
  if (!request.footageDate) return null;
  const window = request.timeFrom && request.timeTo ? `${request.timeFrom} to ${request.timeTo} on ` : '';
  return `${window}${formatUkDate(request.footageDate)}`;
}

const actorWords: Record<HistoryEntry['actor'], string> = {
  visitor: 'the visitor',
  operator: 'the operator',
  system: 'the register',
};

/** The request's history, oldest first: who did what, when, and the words they sent. */
export function HistoryList({
  entries,
  viewer,
}: {
  entries: HistoryEntry[];
  viewer: 'visitor' | 'operator';
}) {
  if (entries.length === 0) return <p>Nothing has happened yet.</p>;
  return (
    <ol className={styles.history}>
      {entries.map((entry, index) => {
        const who = entry.actor === viewer ? 'You' : entry.actorName || actorWords[entry.actor];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, so an entry never moves
          <li key={index}>
            <strong>{entry.action}</strong>
            <span className={styles.when}>
              {' '}
              — {who}, <time dateTime={entry.at}>{formatUkDate(entry.at)}</time>
            </span>
            {entry.body && <p>{entry.body}</p>}
          </li>
        );
      })}
    </ol>
  );
}

export interface TextFormProps {
  id: string;
  title: string;
  label: string;
  hint?: string;
  /** The words the box starts with; when it changes, they replace what is in the box. */
  initial?: string;
  submitLabel: string;
  /** The problem with the text before it is sent, or undefined. */
  check?: (text: string) => string | undefined;
  send: (text: string) => Promise<unknown>;
  /** What is said, focused, once it has been sent. */
  sentText: string;
  /** A bigger box, for a letter. */
  tall?: boolean;
  children?: ReactNode;
}

/**
 * A form of one text box and a button (a message, the details asked for, the words of a step):
 * a problem, or the server's refusal, is shown in a summary that takes focus; once sent the box
 * empties and a status that takes focus says so.
 */
export function TextForm({
  id,
  title,
  label,
  hint,
  initial = '',
  submitLabel,
  check,
  send,
  sentText,
  tall,
  children,
}: TextFormProps) {
  const [text, setText] = useState(initial);
  // A new draft (another outcome chosen) replaces the words; the form, and focus in it, stay.
  const [drafted, setDrafted] = useState(initial);
  if (drafted !== initial) {
    setDrafted(initial);
    setText(initial);
  }
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [sent, setSent] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const sentRef = useFocusOutcome<HTMLParagraphElement>(sent);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const problem = check?.(text.trim()) ?? (text.trim() === '' ? 'Write your message.' : undefined);
    if (problem) {
      setError(problem);
      setSent(0);
      setAttempts((n) => n + 1);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await send(text.trim());
      setText('');
      setSent((n) => n + 1);
    } catch (cause) {
      setFormError(failureText(cause));
      setSent(0);
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {(error || formError) && (
        <ErrorSummary
          ref={summaryRef}
          formId={id}
          items={error ? [{ name: 'text', message: error }] : []}
          formError={formError}
        />
      )}
      {sent > 0 && (
        <p ref={sentRef} role="status" tabIndex={-1} className={`${styles.success} ${styles.outcome}`}>
          {sentText}
        </p>
      )}
      {children}
      <div className={tall ? styles.letter : undefined}>
        <Field
          formId={id}
          spec={{ name: 'text', label, kind: 'textarea', required: true, maxLength: 10000 }}
          value={text}
          error={error}
          hint={hint}
          onChange={(value) => {
            setText(value);
            setError(undefined);
          }}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
