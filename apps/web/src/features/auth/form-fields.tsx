import { type ReactNode, useState } from 'react';
import { useFocusOutcome } from '../../lib/focus-outcome';
import styles from './form.module.css';
import type { FormMessage } from './use-timed-message';

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  /** Shown under the field, announced, and tied to the input with aria-describedby. */
  error?: string | undefined;
}

function describedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
  counted = false,
): string | undefined {
  const ids = [hint ? `${id}-hint` : '', counted ? `${id}-count` : '', error ? `${id}-error` : ''].filter(
    Boolean,
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's longest, told while typing: its count from 80% of the way, and a problem as soon as it is over. */
interface Limit {
  label: string;
  max: number;
}

/** The words of the contract's own refusal (packages/contract accounts.ts), so Submit says the same. */
const tooLongMessage = ({ label, max }: Limit) => `${label} must be at most ${max} characters.`;

/** The count shows once 80% of the limit is typed: earlier it is noise. */
const counts = (limit: Limit | undefined, value: string) =>
  limit !== undefined && value.length > limit.max * 0.8;

function LengthCount({
  id,
  limit,
  value,
  error,
}: {
  id: string;
  limit: Limit;
  value: string;
  error?: string;
}) {
  const over = value.length > limit.max;
  const problem = tooLongMessage(limit);
  return (
    <>
      <p id={`${id}-count`} className={over ? styles.error : styles.hint}>
        {value.length} of {limit.max} characters
      </p>
      {/* Said once as it goes over, unless the form's own message already says it. */}
      {over && error !== problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/**
 * The field's error, kept after the form's message has cleared (SPEC.md section 4 clears messages
 * after 2-3 seconds) until the field's value changes: the field stays marked invalid and described
 * by it for assistive technology. `shown` is whether the message is still on screen.
 */
function useFieldError(
  error: string | undefined,
  value: unknown,
): { text: string | undefined; shown: boolean } {
  const [kept, setKept] = useState<{ text: string; value: unknown } | null>(null);
  const [lastError, setLastError] = useState(error);
  // Adjusting state while rendering, as React advises for state that follows a prop's changes.
  if (error !== lastError) {
    setLastError(error);
    if (error) setKept({ text: error, value });
  } else if (!error && kept && !Object.is(kept.value, value)) {
    setKept(null);
  }
  const stillValid = kept !== null && Object.is(kept.value, value);
  return { text: error ?? (stillValid ? kept.text : undefined), shown: Boolean(error) };
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  shown = true,
  children,
}: FieldProps & { shown?: boolean; children: ReactNode }) {
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
      {error && (
        <p
          id={`${id}-error`}
          className={shown ? styles.error : styles.visuallyHidden}
          role={shown ? 'alert' : undefined}
        >
          {error}
        </p>
      )}
    </div>
  );
}

type InputAttributes = Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'autoComplete'
  | 'placeholder'
  | 'inputMode'
  | 'maxLength'
  | 'required'
  | 'readOnly'
  | 'autoCapitalize'
  | 'min'
  | 'max'
  | 'onBlur'
>;

export interface TextFieldProps extends FieldProps, InputAttributes {
  value: string;
  onChange: (value: string) => void;
  /** The longest the field takes, told as it is typed (the field's label names it in the problem). */
  limit?: number;
}

export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  limit,
  ...input
}: TextFieldProps) {
  const { text, shown } = useFieldError(error, value);
  const withLimit = limit === undefined ? undefined : { label, max: limit };
  const counted = counts(withLimit, value);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={text} shown={shown}>
      <input
        {...input}
        id={id}
        type={type}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={text || (limit !== undefined && value.length > limit) ? true : undefined}
        aria-describedby={describedBy(id, hint, text, counted)}
      />
      {withLimit && counted && <LengthCount id={id} limit={withLimit} value={value} error={text} />}
    </FieldFrame>
  );
}

export interface PasswordFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
}

/** A password input with a Show/Hide button that switches it to plain text and back. */
export function PasswordField({ id, label, hint, error, value, onChange, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { text, shown } = useFieldError(error, value);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={text} shown={shown}>
      <div className={styles.passwordRow}>
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={text ? true : undefined}
          aria-describedby={describedBy(id, hint, text)}
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
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  maxLength?: number;
  /** The longest the field takes, told as it is typed. */
  limit?: number;
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  limit,
  ...input
}: TextAreaFieldProps) {
  const { text, shown } = useFieldError(error, value);
  const withLimit = limit === undefined ? undefined : { label, max: limit };
  const counted = counts(withLimit, value);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={text} shown={shown}>
      <textarea
        {...input}
        id={id}
        className={styles.textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={text || (limit !== undefined && value.length > limit) ? true : undefined}
        aria-describedby={describedBy(id, hint, text, counted)}
      />
      {withLimit && counted && <LengthCount id={id} limit={withLimit} value={value} error={text} />}
    </FieldFrame>
  );
}

export interface CheckboxFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
}

export function CheckboxField({ id, checked, onChange, children, error: current }: CheckboxFieldProps) {
  const { text: error, shown } = useFieldError(current, checked);
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p
          id={`${id}-error`}
          className={shown ? styles.error : styles.visuallyHidden}
          role={shown ? 'alert' : undefined}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** A message about the whole form: errors are alerts, successes polite status updates. */
export function FormStatus({ message }: { message: FormMessage | null }) {
  // The button pressed is disabled during the call, so a refusal of the whole form takes the
  // focus (each one anew); a field's refusal focuses its field instead.
  const alertRef = useFocusOutcome<HTMLParagraphElement>(
    message?.kind === 'error' && !message.field ? message : null,
  );
  if (!message || message.field) return null;
  return message.kind === 'error' ? (
    <p ref={alertRef} className={styles.alert} role="alert" tabIndex={-1}>
      {message.text}
    </p>
  ) : (
    <p className={styles.success} role="status">
      {message.text}
    </p>
  );
}
