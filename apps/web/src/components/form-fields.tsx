import type { ReactNode } from 'react';
import { useInBrowser } from '../lib/in-browser';
import styles from './form-fields.module.css';

/** How one field of a public form (contact-us, contact the operator) is drawn. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'url' | 'date' | 'time' | 'textarea' | 'select' | 'radio';
  required: boolean;
  autoComplete?: string;
  /** Choices of a select or radio group: the value sent, and the words shown. */
  options?: readonly { value: string; label: string }[];
  /** Spans the whole row of the grid. */
  wide?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/**
 * A form's controls, disabled until the app has taken over the page the server drew: typed into or
 * sent before then, a form that sends with JavaScript would lose what was typed, or send it as a
 * plain GET with every field in the address. Without JavaScript they stay disabled.
 */
export function FormControls({ children }: { children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <fieldset className={styles.controls} disabled={!inBrowser}>
      {children}
    </fieldset>
  );
}

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function RequiredMark({ required }: { required: boolean }) {
  if (!required) return <span className={styles.optional}> (optional)</span>;
  return (
    <span className={styles.required}>
      <span aria-hidden="true"> *</span>
      <span className={styles.visuallyHidden}> (required)</span>
    </span>
  );
}

/** A field's problem, tied to it by id; `announce` for problems that arise without a submit (a file picked). */
export function FieldError({
  id,
  error,
  announce,
}: {
  id: string;
  error: string | undefined;
  announce?: boolean;
}) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.error} role={announce ? 'alert' : undefined}>
      <span className={styles.visuallyHidden}>Error: </span>
      {error}
    </p>
  );
}

export interface FieldProps {
  formId: string;
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  hint?: string;
}

/** One field: its label (required ones marked), hint, control and error, tied together by ids. */
export function Field({ formId, spec, value, error, onChange, hint }: FieldProps) {
  const id = fieldId(formId, spec.name);
  const common = {
    id,
    name: spec.name,
    'aria-invalid': error ? true : undefined,
    required: spec.required || undefined,
    'aria-describedby': describedBy(id, hint, error),
  } as const;
  const wide = spec.wide || spec.kind === 'textarea' || spec.kind === 'radio';

  if (spec.kind === 'radio') {
    return (
      <fieldset
        className={`${styles.field} ${styles.wide} ${styles.radioGroup}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        id={id}
        tabIndex={-1}
      >
        <legend className={styles.label}>
          {spec.label}
          <RequiredMark required={spec.required} />
        </legend>
        <div className={styles.radios}>
          {(spec.options ?? []).map((option) => (
            <label key={option.value} className={styles.radio}>
              <input
                type="radio"
                name={spec.name}
                value={option.value}
                checked={value === option.value}
                required={spec.required || undefined}
                onChange={() => onChange(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id={id} error={error} />
      </fieldset>
    );
  }

  let control: ReactNode;
  if (spec.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        className={styles.textarea}
        rows={7}
        maxLength={spec.maxLength}
        placeholder={spec.placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else if (spec.kind === 'select') {
    control = (
      <select
        {...common}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose…</option>
        {(spec.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={spec.kind}
        className={styles.input}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {spec.label}
        <RequiredMark required={spec.required} />
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {control}
      <FieldError id={id} error={error} />
    </div>
  );
}
