import { type ContactReply, contactMessages } from '@app/contract/contact';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { sendForm } from './api/send-form';
import styles from './contact.module.css';
import { FileField } from './file-field';
import { Field, type FieldSpec, fieldId } from './form-fields';

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
  const { id, fields, schema, file } = props;
  const [values, setValues] = useState<Record<string, string>>(() => emptyValues(fields));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  // The summary lists problems once the visitor has tried to send, not while they pick files.
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState<ContactReply | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [focusSummary, setFocusSummary] = useState(0);

  useEffect(() => {
    if (focusSummary > 0) summaryRef.current?.focus();
  }, [focusSummary]);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

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
      {showSummary && (
        <div
          ref={summaryRef}
          className={styles.summary}
          role="alert"
          aria-labelledby={`${id}-summary-title`}
          tabIndex={-1}
        >
          <h2 id={`${id}-summary-title`} className={styles.summaryTitle}>
            There is a problem
          </h2>
          <ul>
            {formError && !listed.some((item) => item.message === formError) && <li>{formError}</li>}
            {listed.map((item) => (
              <li key={item.name}>
                <a
                  href={`#${fieldId(id, item.name)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(fieldId(id, item.name))?.focus();
                  }}
                >
                  {item.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className={styles.legendNote}>
        Fields marked <span aria-hidden="true">*</span>
        <span className={styles.visuallyHidden}>as required</span> must be filled in.
      </p>
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
    </form>
  );
}
