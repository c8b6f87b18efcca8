import { useFocusOutcome } from '../lib/focus-outcome';
import { ErrorSummary } from './error-summary';
import styles from './form-fields.module.css';

/**
 * A message under a form. `field` ties an error to the input it is about (that input is marked
 * invalid and described by the message); without it the message belongs to the whole form.
 */
export interface FormMessage {
  kind: 'error' | 'success';
  text: string;
  field?: string;
}

/** A message about the whole form of an account dialog: errors are alerts, successes polite status updates. */
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

/** A form's problems by the field they are about: the key is the field's id without `${formId}-`. */
export type Problems = Partial<Record<string, string>>;

/**
 * The error summary of a signed-in page's form: "There is a problem" at the top of the form, every
 * field's problem as a link to its field, and a problem of the whole form (the server's refusal).
 * `attempt` counts the submits that found a problem: each brings the summary into view and focus,
 * so a person at the bottom of a long form on a phone reads it at once.
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

/** The server's message for a failed call, else `fallback`. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (typeof error === 'object' && error !== null && 'serverMessage' in error) {
    const message = (error as { serverMessage?: string }).serverMessage;
    if (message) return message;
  }
  return fallback;
}
