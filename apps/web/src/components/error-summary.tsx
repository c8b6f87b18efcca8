import type { Ref } from 'react';
import { fieldId } from './form-fields';
import styles from './form-fields.module.css';

export interface SummaryItem {
  /** The field's name: its link goes to the control with id `${formId}-${name}`. */
  name: string;
  message: string;
}

export interface ErrorSummaryProps {
  formId: string;
  items: readonly SummaryItem[];
  /** A problem of the whole form (the server's refusal, a failed send), listed first. */
  formError?: string;
  ref: Ref<HTMLDivElement>;
}

/**
 * "There is a problem" at the top of a form: every field's problem as a link that focuses the
 * field, and any problem of the whole form. It is an alert and takes focus (see useFocusOutcome).
 */
export function ErrorSummary({ formId, items, formError, ref }: ErrorSummaryProps) {
  return (
    <div
      ref={ref}
      className={styles.summary}
      role="alert"
      aria-labelledby={`${formId}-summary-title`}
      tabIndex={-1}
    >
      <h2 id={`${formId}-summary-title`} className={styles.summaryTitle}>
        There is a problem
      </h2>
      <ul>
        {formError && !items.some((item) => item.message === formError) && <li>{formError}</li>}
        {items.map((item) => (
          <li key={item.name}>
            <a
              href={`#${fieldId(formId, item.name)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId(formId, item.name))?.focus();
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The note above a form's fields that explains the asterisk. */
export function RequiredNote({ className }: { className?: string }) {
  return (
    <p className={className}>
      Fields marked <span aria-hidden="true">*</span>
      <span className={styles.visuallyHidden}>as required</span> must be filled in.
    </p>
  );
}
