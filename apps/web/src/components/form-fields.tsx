import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useInBrowser } from '../lib/in-browser';
import styles from './form-fields.module.css';

/**
 * The one field kit of the app: the public forms (contact-us, contact the operator, requests), the
 * account dialogs (sign in, sign up, passwords) and the signed-in pages (account, company, sites)
 * draw every field with it. A field's label, hint, count and error are tied to its control by ids:
 * `${id}-hint`, `${id}-count` and `${id}-error`, named in that order by aria-describedby.
 *
 * A form tells its problems one of two ways, and its fields follow:
 * - with an error summary at the top (the public forms, the signed-in pages): the summary is the
 *   alert and links to each field; the field shows its error without announcing it again;
 * - without one (the account dialogs, whose messages clear after 2-3 seconds, SPEC.md section 4):
 *   `announce` makes the field's error an alert, and keeps it as the field's description, visually
 *   hidden, after the form's message has cleared, until the value changes.
 */

/** What every field takes. */
export interface FieldBaseProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  /** The form has no error summary: see above. */
  announce?: boolean;
  /** The label says "*" (required) or "(optional)" and the error starts "Error: " for a screen reader, as the public forms do. */
  marked?: boolean;
  /** Spans the whole row of a grid of fields. */
  wide?: boolean;
}

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

function describedBy(id: string, hint: unknown, error: unknown, counted = false): string | undefined {
  const ids = [hint ? `${id}-hint` : '', counted ? `${id}-count` : '', error ? `${id}-error` : ''].filter(
    Boolean,
  );
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

/**
 * A field's problem, tied to it by id. `announce` makes it an alert (a problem that arises without
 * a submit, a file picked; or a form with no error summary); `hidden` keeps it for assistive
 * technology once its time on screen is over; `prefixed` starts it "Error: " for a screen reader.
 */
export function FieldError({
  id,
  error,
  announce,
  hidden = false,
  prefixed = true,
}: {
  id: string;
  error: string | undefined;
  announce?: boolean | undefined;
  hidden?: boolean;
  prefixed?: boolean | undefined;
}) {
  if (!error) return null;
  return (
    <p
      id={`${id}-error`}
      className={hidden ? styles.visuallyHidden : styles.error}
      role={announce && !hidden ? 'alert' : undefined}
    >
      {prefixed && <span className={styles.visuallyHidden}>Error: </span>}
      {error}
    </p>
  );
}

/**
 * The field's error to show. With `announce`, the error is kept after the form's message has
 * cleared until the field's value changes: the field stays marked invalid and described by it.
 * `shown` is whether the message is still on screen.
 */
function useFieldError(
  error: string | undefined,
  value: unknown,
  announce: boolean | undefined,
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
  if (!announce) return { text: error, shown: true };
  const stillValid = kept !== null && Object.is(kept.value, value);
  return { text: error ?? (stillValid ? kept.text : undefined), shown: Boolean(error) };
}

/** The label, hint, control and error of one field. */
function FieldFrame({
  id,
  label,
  hint,
  required,
  marked,
  wide,
  error,
  shown,
  announce,
  children,
}: FieldBaseProps & { shown: boolean; children: ReactNode }) {
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {marked && <RequiredMark required={Boolean(required)} />}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      <FieldError id={id} error={error} announce={announce} hidden={!shown} prefixed={Boolean(marked)} />
    </div>
  );
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

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'name'
  | 'autoComplete'
  | 'placeholder'
  | 'inputMode'
  | 'maxLength'
  | 'readOnly'
  | 'autoCapitalize'
  | 'min'
  | 'max'
  | 'onBlur'
>;

export interface TextFieldProps extends FieldBaseProps, InputAttributes {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'time' | 'password' | 'number';
  /**
   * The longest the field takes, told as it is typed (the field's label names it in the problem).
   * `maxLength` as well stops the typing there; without it, a longer value is counted, not cut short.
   */
  limit?: number | undefined;
  /** A short box, for a number of a few digits. */
  narrow?: boolean;
}

export function TextField({
  id,
  label,
  hint,
  error,
  required,
  announce,
  marked,
  wide,
  value,
  onChange,
  type = 'text',
  limit,
  narrow,
  ...input
}: TextFieldProps) {
  const { text, shown } = useFieldError(error, value, announce);
  const withLimit = limit === undefined ? undefined : { label, max: limit };
  const counted = counts(withLimit, value);
  const frame = { id, label, hint, required, announce, marked, wide };
  return (
    <FieldFrame {...frame} error={text} shown={shown}>
      <input
        {...input}
        id={id}
        type={type}
        className={narrow ? `${styles.input} ${styles.narrow}` : styles.input}
        value={value}
        required={required || undefined}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={text || (limit !== undefined && value.length > limit) ? true : undefined}
        aria-describedby={describedBy(id, hint, text, counted)}
      />
      {withLimit && counted && <LengthCount id={id} limit={withLimit} value={value} error={text} />}
    </FieldFrame>
  );
}

export interface NumberFieldProps extends FieldBaseProps {
  /** NaN while the box is empty, so a form can tell "not filled in" from any number. */
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
}

/** A whole number in a short box, with the number keypad on a phone. */
export function NumberField({ value, onChange, ...field }: NumberFieldProps) {
  return (
    <TextField
      {...field}
      type="number"
      inputMode="numeric"
      narrow
      value={Number.isFinite(value) ? String(value) : ''}
      // An empty box, or one a browser cannot read as a number, gives '' and so NaN.
      onChange={(text) => onChange(text === '' ? Number.NaN : Number(text))}
    />
  );
}

export interface PasswordFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A password input with a Show/Hide button that switches it to plain text and back; a screen
 * reader hears the button as "Show Password" or "Hide Password" (the field's label).
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  required,
  announce,
  marked,
  wide,
  value,
  onChange,
  autoComplete,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { text, shown } = useFieldError(error, value, announce);
  const frame = { id, label, hint, required, announce, marked, wide };
  return (
    <FieldFrame {...frame} error={text} shown={shown}>
      <div className={styles.passwordRow}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required || undefined}
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

export interface TextAreaFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  name?: string;
  rows?: number;
  maxLength?: number | undefined;
  placeholder?: string | undefined;
  /** The longest the field takes, told as it is typed (see TextFieldProps). */
  limit?: number | undefined;
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  required,
  announce,
  marked,
  wide,
  value,
  onChange,
  limit,
  rows = 4,
  ...input
}: TextAreaFieldProps) {
  const { text, shown } = useFieldError(error, value, announce);
  const withLimit = limit === undefined ? undefined : { label, max: limit };
  const counted = counts(withLimit, value);
  const frame = { id, label, hint, required, announce, marked, wide };
  return (
    <FieldFrame {...frame} error={text} shown={shown}>
      <textarea
        {...input}
        id={id}
        className={styles.textarea}
        rows={rows}
        value={value}
        required={required || undefined}
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
  /** The words beside the box: may hold a link (the terms and conditions). */
  label: ReactNode;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  announce?: boolean;
}

export function CheckboxField({ id, label, hint, checked, onChange, error, announce }: CheckboxFieldProps) {
  const { text, shown } = useFieldError(error, checked, announce);
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={text ? true : undefined}
          aria-describedby={describedBy(id, hint, text)}
        />
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        )}
      </div>
      <FieldError id={id} error={text} announce={announce} hidden={!shown} prefixed={false} />
    </div>
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

/** One field of a public form, drawn from its spec: required ones marked, problems told by the form's summary. */
export function Field({ formId, spec, value, error, onChange, hint }: FieldProps) {
  const id = fieldId(formId, spec.name);
  const field = {
    id,
    name: spec.name,
    label: spec.label,
    hint,
    error,
    required: spec.required,
    marked: true,
    value,
    onChange,
  };

  if (spec.kind === 'radio') return <RadioGroup {...field} options={spec.options ?? []} />;
  if (spec.kind === 'select') return <SelectField {...field} wide={spec.wide} options={spec.options ?? []} />;
  if (spec.kind === 'textarea') {
    return (
      <TextAreaField {...field} wide rows={7} maxLength={spec.maxLength} placeholder={spec.placeholder} />
    );
  }
  return (
    <TextField
      {...field}
      wide={spec.wide}
      type={spec.kind}
      autoComplete={spec.autoComplete}
      maxLength={spec.maxLength}
    />
  );
}

interface ChoiceProps extends FieldBaseProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}

function SelectField({ id, name, value, onChange, options, ...frame }: ChoiceProps) {
  const { hint, error, required } = frame;
  return (
    <FieldFrame {...frame} id={id} shown>
      <select
        id={id}
        name={name}
        className={styles.select}
        value={value}
        required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A group of radio buttons: the fieldset takes the focus of the summary's link, and says what is wrong. */
function RadioGroup({
  id,
  name,
  label,
  hint,
  error,
  required,
  marked,
  value,
  onChange,
  options,
}: ChoiceProps) {
  return (
    <fieldset
      className={`${styles.field} ${styles.wide} ${styles.radioGroup}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      id={id}
      tabIndex={-1}
    >
      <legend className={styles.label}>
        {label}
        {marked && <RequiredMark required={Boolean(required)} />}
      </legend>
      <div className={styles.radios}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required || undefined}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} prefixed={marked} />
    </fieldset>
  );
}
