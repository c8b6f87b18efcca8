import { type ReactNode, useState } from 'react';
import styles from './form.module.css';
import type { FormMessage } from './use-timed-message';

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  /** Shown under the field, announced, and tied to the input with aria-describedby. */
  error?: string | undefined;
}

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldFrame({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
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
        <p id={`${id}-error`} className={styles.error} role="alert">
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
>;

export interface TextFieldProps extends FieldProps, InputAttributes {
  value: string;
  onChange: (value: string) => void;
}

export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        type={type}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
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
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
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
}

export function TextAreaField({ id, label, hint, error, value, onChange, ...input }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        {...input}
        id={id}
        className={styles.textarea}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
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

export function CheckboxField({ id, checked, onChange, children, error }: CheckboxFieldProps) {
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
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message about the whole form: errors are alerts, successes polite status updates. */
export function FormStatus({ message }: { message: FormMessage | null }) {
  if (!message || message.field) return null;
  return message.kind === 'error' ? (
    <p className={styles.alert} role="alert">
      {message.text}
    </p>
  ) : (
    <p className={styles.success} role="status">
      {message.text}
    </p>
  );
}
