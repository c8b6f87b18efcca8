import { type ContactReply, contactMessages } from '@app/contract/contact';
import { type FormEvent, useState } from 'react';
import { ErrorSummary, RequiredNote } from '../../components/error-summary';
import { Field, type FieldSpec, FormControls } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { sendForm } from './api/send-form';
import styles from './contact.module.css';
import { FileField } from './file-field';

/** A zod schema of the form's fields (from @app/contract/contact). */
interface FieldsSchema {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: Record<string, string> }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface MultipartFormProps {
  /** Prefix of the ids of the form's fields. */
  id: string;
  /** The form's accessible name. */
  label: string;
  fields: readonly FieldSpec[];
  schema: FieldsSchema;
  /** The attachment field, when the form has one. */
  file: { label: string; required: boolean } | null;
  endpoint: string;
  submitLabel: string;
  sentTitle: string;
  hints?: Readonly<Record<string, string>>;
  /** Fields filled in from the start (a link that asks for something names its subject). */
  initial?: Readonly<Record<string, string>>;
}

type Errors = Record<string, string>;

const emptyValues = (fields: readonly FieldSpec[]) => Object.fromEntries(fields.map((f) => [f.name, '']));

/**
 * A form of the contact kind: fields checked with the shared schema before sending (each
 * problem shown at its field and listed in a summary that takes focus), files checked on
 * arrival, then one multipart POST. What the visitor typed stays on any failure; on success a
 * status with the reference replaces the form.
 */
export function MultipartForm(props: MultipartFormProps) {
  const { id, fields, schema, file, initial } = props;
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...emptyValues(fields),
    ...initial,
  }));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  // The summary lists problems once the visitor has tried to send, not while they pick files.
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState<ContactReply | null>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(focusSummary);
  const sentRef = useFocusOutcome<HTMLDivElement>(sent);

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setAttempted(true);
    setFormError(undefined);
    const found: Errors = {};
    let formLevel: string | undefined;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] === undefined ? '' : String(issue.path[0]);
        if (!name) formLevel ??= issue.message;
        else found[name] ??= issue.message;
      }
    }
    if (errors.file) found.file = errors.file;
    else if (file?.required && files.length === 0) found.file = contactMessages.requiredField(file.label);
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      setFormError(formLevel);
      setFocusSummary((n) => n + 1);
      return;
    }

    setSending(true);
    try {
      setSent(await sendForm(props.endpoint, parsed.data, files));
      setValues(emptyValues(fields));
      setFiles([]);
      setAttempted(false);
    } catch (error) {
      const message =
        error instanceof ApiError && error.kind === 'http'
          ? (error.serverMessage ?? contactMessages.sendFailed)
          : contactMessages.sendFailed;
      // A file the server refused is shown at the file field as well as in the summary.
      if (file && files.some((f) => message.includes(`"${f.name}"`))) setErrors({ file: message });
      setFormError(message);
      setFocusSummary((n) => n + 1);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div ref={sentRef} className={styles.sent} role="status" tabIndex={-1}>
        <h2 className={styles.sentTitle}>{props.sentTitle}</h2>
        <p>{sent.message}</p>
        <button type="button" className={styles.secondary} onClick={() => setSent(null)}>
          Send another message
        </button>
      </div>
    );
  }

  const listed = [
    ...fields.filter((f) => errors[f.name]).map((f) => ({ name: f.name, message: errors[f.name] ?? '' })),
    ...(errors.file ? [{ name: 'file', message: errors.file }] : []),
  ];
  const showSummary = attempted && (listed.length > 0 || formError !== undefined);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={props.label}>
      {showSummary && <ErrorSummary ref={summaryRef} formId={id} items={listed} formError={formError} />}
      <RequiredNote className={styles.legendNote} />
      <FormControls>
        <div className={styles.grid}>
          {fields.map((spec) => (
            <Field
              key={spec.name}
              formId={id}
              spec={spec}
              value={values[spec.name] ?? ''}
              error={errors[spec.name]}
              hint={props.hints?.[spec.name]}
              onChange={(value) => setValue(spec.name, value)}
            />
          ))}
          {file && (
            <FileField
              formId={id}
              label={file.label}
              required={file.required}
              files={files}
              error={errors.file}
              onChange={(next, error) => {
                setFiles(next);
                setErrors(({ file: _cleared, ...rest }) => (error ? { ...rest, file: error } : rest));
              }}
            />
          )}
        </div>
        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.primary}
            disabled={sending}
            aria-disabled={sending || undefined}
          >
            {sending ? 'Sending…' : props.submitLabel}
          </button>
        </div>
      </FormControls>
    </form>
  );
}
