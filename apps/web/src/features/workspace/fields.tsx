import { type ReactNode, useState } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import { useFocusOutcome } from '../../lib/focus-outcome';
import styles from './workspace.module.css';

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  /** The limit from the shared schema: enforced by the input and shown as a count. */
  max?: number;
  error?: string | undefined;
}

function Frame({
  id,
  label,
  hint,
  error,
  children,
  count,
}: FieldProps & { children: ReactNode; count?: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      {count && (
        <p className={styles.count} aria-hidden="true">
          {count}
        </p>
      )}
      {/* Not an alert: the form's summary announces the problems once, and links here. */}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function TextField(
  props: FieldProps & {
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'email' | 'tel' | 'password';
    autoComplete?: string;
    required?: boolean;
  },
) {
  const { id, hint, error, max, value, onChange, type = 'text', autoComplete, required } = props;
  return (
    <Frame {...props} count={max && value.length > max * 0.8 ? `${value.length} / ${max}` : undefined}>
      <input
        id={id}
        className={styles.input}
        type={type}
        value={value}
        maxLength={max}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Frame>
  );
}

/**
 * A new password with the Show/Hide button of the sign-up dialog (auth/form-fields.tsx): the same
 * words, and the same names for a screen reader ("Show Password", "Hide Password").
 */
export function PasswordField(
  props: FieldProps & { value: string; onChange: (value: string) => void; autoComplete: 'new-password' },
) {
  const { id, label, hint, error, value, onChange, autoComplete } = props;
  const [visible, setVisible] = useState(false);
  return (
    <Frame {...props}>
      <div className={styles.passwordRow}>
        <input
          id={id}
          className={styles.input}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </Frame>
  );
}

export function TextArea(
  props: FieldProps & { value: string; onChange: (value: string) => void; required?: boolean; rows?: number },
) {
  const { id, hint, error, max, value, onChange, required, rows = 4 } = props;
  return (
    <Frame {...props} count={max ? `${value.length} / ${max}` : undefined}>
      <textarea
        id={id}
        className={styles.input}
        value={value}
        rows={rows}
        maxLength={max}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Frame>
  );
}

/** A whole number; an empty box is NaN, so a form can tell "not filled in" from any number. */
export function NumberField(
  props: FieldProps & {
    value: number;
    onChange: (value: number) => void;
    min: number;
    maxValue: number;
    required?: boolean;
  },
) {
  const { id, hint, error, value, onChange, min, maxValue, required } = props;
  return (
    <Frame {...props}>
      <input
        id={id}
        className={`${styles.input} ${styles.narrow}`}
        type="number"
        inputMode="numeric"
        min={min}
        max={maxValue}
        required={required}
        value={Number.isFinite(value) ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
    </Frame>
  );
}

export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A form's problems by the field they are about: the key is the field's id without `${formId}-`. */
export type Problems = Partial<Record<string, string>>;

/**
 * The error summary of the contact forms on a workspace form: "There is a problem" at the top of
 * the form, every field's problem as a link to its field, and a problem of the whole form (the
 * server's refusal). `attempt` counts the submits that found a problem: each brings the summary
 * into view and focus, so a person at the bottom of a long form on a phone reads it at once.
 */
export function FormProblems({
  formId,
  problems,
  formError,
  attempt,
}: {
  formId: string;
  problems: Problems;
  formError?: string | undefined;
  attempt: number;
}) {
  const ref = useFocusOutcome<HTMLDivElement>(attempt);
  const items = Object.entries(problems).flatMap(([name, message]) => (message ? [{ name, message }] : []));
  if (items.length === 0 && !formError) return null;
  return <ErrorSummary ref={ref} formId={formId} items={items} formError={formError} />;
}

/**
 * A schema's issues as the summary lists them: each under the id (after the form's prefix) of the
 * field it is about, first problem of a field only; an issue of no field is the form's.
 */
export function problemsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  idOf: (field: string) => string = (field) => field,
): { problems: Problems; formError: string | undefined } {
  const problems: Problems = {};
  let formError: string | undefined;
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === undefined) formError ??= issue.message;
    else problems[idOf(String(field))] ??= issue.message;
  }
  return { problems, formError };
}

/** The server's message for a failed call, else a general one. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'serverMessage' in error) {
    const message = (error as { serverMessage?: string }).serverMessage;
    if (message) return message;
  }
  return 'Something went wrong. Please try again.';
}
