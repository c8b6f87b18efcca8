import { daysUntil, ukIsoDate } from '@app/contract/legal-clock';
import {
  PREFERRED_FORMS,
  type PreferredForm,
  preferredFormLabels,
  REQUEST_KINDS,
  type RequestKind,
  requestKindLabels,
} from '@app/contract/request-lifecycle';
import type { RequestIntakeBody } from '@app/contract/requests';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorSummary, RequiredNote } from '../../components/error-summary';
import { Field, type FieldSpec } from '../../components/form-fields';
import fieldStyles from '../../components/form-fields.module.css';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { useInBrowser } from '../../lib/in-browser';
import styles from './requests.module.css';

/** What the sign's page tells the form: the sign, its site, and how long the site keeps footage. */
export interface RequestFormProps {
  signRef: string;
  siteName: string;
  /** Days the site's recorder keeps footage; null when the operator has not said. */
  retentionDays: number | null;
  /** Why the server could not send what its own form posted (the page's scripts had not arrived). */
  problem?: string | undefined;
}

type Name =
  | 'name'
  | 'email'
  | 'message'
  | 'footageDate'
  | 'timeFrom'
  | 'timeTo'
  | 'location'
  | 'camera'
  | 'description';

const empty: Record<Name, string> = {
  name: '',
  email: '',
  message: '',
  footageDate: '',
  timeFrom: '',
  timeTo: '',
  location: '',
  camera: '',
  description: '',
};

const formId = 'relay';
const sendFailed = 'Your request could not be sent. Please try again.';
export const overwrittenWarning = 'This footage has probably already been overwritten; you can still ask.';

const kindSpec: FieldSpec = {
  name: 'kind',
  label: 'What do you want?',
  kind: 'radio',
  required: true,
  options: REQUEST_KINDS.map((value) => ({ value, label: requestKindLabels[value] })),
};

const preferredFormSpec: FieldSpec = {
  name: 'preferredForm',
  label: 'How would you like the footage?',
  kind: 'radio',
  required: true,
  options: PREFERRED_FORMS.map((value) => ({ value, label: preferredFormLabels[value] })),
};

const whoSpecs: FieldSpec[] = [
  { name: 'name', label: 'Your name', kind: 'text', required: true, autoComplete: 'name', maxLength: 100 },
  {
    name: 'email',
    label: 'Your e-mail',
    kind: 'email',
    required: true,
    autoComplete: 'email',
    maxLength: 254,
  },
];

const whenSpecs: FieldSpec[] = [
  { name: 'footageDate', label: 'Date', kind: 'date', required: true },
  { name: 'timeFrom', label: 'From', kind: 'time', required: true },
  { name: 'timeTo', label: 'To', kind: 'time', required: true },
];

const messageLabels: Record<RequestKind, string> = {
  footage: 'Anything else',
  question: 'Your message',
  complaint: 'Your complaint',
  third_party: 'Your request',
};

/** The message box: its words and whether it must be filled depend on what is asked. */
function messageSpec(kind: RequestKind): FieldSpec {
  return {
    name: 'message',
    label: messageLabels[kind],
    kind: 'textarea',
    required: kind !== 'footage',
    maxLength: 4000,
    placeholder:
      kind === 'third_party'
        ? 'Who you are (the force, insurer or firm), your reference, the incident and the footage you need'
        : undefined,
  };
}

/** What a footage request adds after the time window, in the order shown. */
const findSpecs: FieldSpec[] = [
  { name: 'location', label: 'Where you were', kind: 'text', required: false, maxLength: 400 },
  { name: 'camera', label: 'Which camera, if you know', kind: 'text', required: false, maxLength: 200 },
  {
    name: 'description',
    label: 'How the operator can find you in the recording',
    kind: 'textarea',
    required: true,
    maxLength: 2000,
    placeholder: 'What you were wearing, what you were doing, your vehicle',
  },
];

const isKind = (value: unknown): value is RequestKind =>
  typeof value === 'string' && (REQUEST_KINDS as readonly string[]).includes(value);
const isPreferredForm = (value: unknown): value is PreferredForm =>
  typeof value === 'string' && (PREFERRED_FORMS as readonly string[]).includes(value);

/** Where the form posts when the page's scripts have not arrived: the server sends the request. */
export const requestPostPath = (signRef: string) => `/sign/${encodeURIComponent(signRef)}/contact`;

/**
 * Whether footage of `footageDate` is probably gone already: the day it would be overwritten (the
 * date plus the site's retention) has come. Unknown retention, or no date yet: no warning.
 */
export function probablyOverwritten(
  footageDate: string,
  retentionDays: number | null,
  today: string,
): boolean {
  if (retentionDays === null || !/^\d{4}-\d{2}-\d{2}$/.test(footageDate)) return false;
  try {
    return daysUntil(footageDate, today) + retentionDays <= 0;
  } catch {
    return false; // not a calendar date (typed by hand where the browser has no date picker)
  }
}

/**
 * The form's checks and its call, which bring zod with them: fetched once the visitor starts on the
 * form (or sends it), so a sign's page opens without them (docs/decisions/0030).
 */
const loadSending = () => import('./api/send-request');

/**
 * "Contact the operator" on a sign's page: the visitor says what they want (footage of themselves, a
 * question, a complaint, or a request from the police, an insurer or a solicitor) and the register
 * passes it on; the operator's address stays private. Every problem is shown at its field and in a
 * summary that takes focus; on success the reference replaces the form and takes focus.
 *
 * The server draws it too, for a phone whose scripts have not arrived yet: then it posts to the
 * server (requestPostPath), the footage fields show by CSS when footage is chosen, and what was typed
 * before the app took the page over is kept (docs/decisions/0049).
 */
export function RequestForm({ signRef, siteName, retentionDays, problem }: RequestFormProps) {
  const [kind, setKind] = useState<RequestKind>('question');
  const [preferredForm, setPreferredForm] = useState<PreferredForm>('copy');
  const [representative, setRepresentative] = useState(false);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const sentRef = useFocusOutcome<HTMLDivElement>(reference);
  const formRef = useRef<HTMLFormElement>(null);
  // The server's drawing (and the browser's first, taking it over) carries every field; from then on
  // the browser draws only those of the kind chosen.
  const drawnByServer = !useInBrowser();
  const footage = kind === 'footage';
  const showFootage = footage || drawnByServer;
  const message = messageSpec(kind);
  const overwritten =
    footage && probablyOverwritten(values.footageDate, retentionDays, ukIsoDate(new Date()));

  // What was typed or chosen in the server's form before the app took it over becomes the form's
  // state (React keeps the typed text on the page but not in state). Before the first paint of the
  // app's own drawing, so nothing typed is reset.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const typed: Partial<Record<Name, string>> = {};
    for (const name of Object.keys(empty) as Name[]) {
      const value = data.get(name);
      if (typeof value === 'string' && value) typed[name] = value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    const chosenKind = data.get('kind');
    if (isKind(chosenKind)) setKind(chosenKind);
    const chosenForm = data.get('preferredForm');
    if (isPreferredForm(chosenForm)) setPreferredForm(chosenForm);
    if (data.get('representative')) setRepresentative(true);
  }, []);

  const setValue = (name: string, value: string) => {
    if (name === 'kind') setKind(value as RequestKind);
    else if (name === 'preferredForm') setPreferredForm(value as PreferredForm);
    else setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...others }) => others);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const body: RequestIntakeBody = {
      name: values.name,
      email: values.email,
      kind,
      message: values.message,
      ...(footage
        ? {
            footageDate: values.footageDate || undefined,
            timeFrom: values.timeFrom || undefined,
            timeTo: values.timeTo || undefined,
            location: values.location,
            camera: values.camera,
            description: values.description,
            preferredForm,
            representative,
          }
        : {}),
    };
    setBusy(true);
    try {
      const { requestProblems, sendRequest } = await loadSending();
      const problems = requestProblems(body);
      if (problems) {
        setErrors(problems);
        setAttempts((n) => n + 1);
        return;
      }
      setErrors({});
      const reply = await sendRequest(signRef, body);
      setReference(reply.reference);
    } catch (cause) {
      setFormError(cause instanceof ApiError ? (cause.serverMessage ?? sendFailed) : sendFailed);
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  if (reference) {
    return (
      <div ref={sentRef} className={styles.notice} role="status" tabIndex={-1}>
        <h2>Request sent</h2>
        <p>
          Your request has been sent to the operator. Your reference is{' '}
          <strong className={styles.reference}>{reference}</strong>.
        </p>
        <p>
          An e-mail with a copy of your request is on its way to you. It has a private link to your request’s
          page, where you can see when the operator must answer, send anything they ask for, and read their
          answer.
        </p>
      </div>
    );
  }

  const all = [...whoSpecs, kindSpec, ...(footage ? [...whenSpecs, ...findSpecs] : []), message];
  const listed = all.flatMap((spec) => {
    const message = errors[spec.name];
    return message ? [{ name: spec.name, message }] : [];
  });
  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      formId={formId}
      spec={spec}
      value={
        spec.name === 'kind'
          ? kind
          : spec.name === 'preferredForm'
            ? preferredForm
            : values[spec.name as Name]
      }
      error={errors[spec.name]}
      onChange={(value) => setValue(spec.name, value)}
      hint={spec.name === 'location' ? `The site is ${siteName}: say where in it you were.` : undefined}
    />
  );

  return (
    <form
      ref={formRef}
      className={styles.form}
      method="post"
      action={requestPostPath(signRef)}
      onSubmit={submit}
      onFocus={() => void loadSending().catch(() => undefined)}
      noValidate
      aria-labelledby={`${formId}-title`}
    >
      <h2 id={`${formId}-title`} tabIndex={-1}>
        Contact the operator
      </h2>
      {(listed.length > 0 || formError || problem) && (
        <ErrorSummary
          ref={summaryRef}
          formId={formId}
          items={listed}
          formError={formError ?? (listed.length === 0 ? problem : undefined)}
        />
      )}
      <p className={styles.hint}>
        Your request is passed on by the register. You have the right to a copy of footage of yourself; the
        operator must answer within one calendar month. Recordings are often overwritten within a few weeks,
        so ask soon.
      </p>
      <RequiredNote className={styles.hint} />
      {whoSpecs.map(field)}
      {field(kindSpec)}
      {showFootage && (
        <div className={drawnByServer ? styles.footageOnly : undefined}>
          <div className={styles.pair}>{whenSpecs.map(field)}</div>
          <div aria-live="polite">
            {overwritten && (
              <p className={styles.warning}>
                {overwrittenWarning} {siteName} keeps recordings for{' '}
                {retentionDays === 1 ? '1 day' : `${retentionDays} days`}.
              </p>
            )}
          </div>
          {findSpecs.map(field)}
        </div>
      )}
      {kind === 'third_party' && (
        <p className={styles.hint}>
          The police, insurers and solicitors have{' '}
          <Link to={`/sign/${encodeURIComponent(signRef)}/official`}>a form of their own</Link>, which asks
          for what the operator needs to decide.
        </p>
      )}
      {field(message)}
      {showFootage && (
        <div className={drawnByServer ? styles.footageOnly : undefined}>
          {field(preferredFormSpec)}
          <div className={styles.check}>
            <input
              id={`${formId}-representative`}
              type="checkbox"
              name="representative"
              value="yes"
              checked={representative}
              onChange={(event) => setRepresentative(event.target.checked)}
              aria-describedby={`${formId}-representative-hint`}
            />
            <label htmlFor={`${formId}-representative`} className={fieldStyles.label}>
              I am asking for someone under 16, or on someone else’s behalf
            </label>
            <p id={`${formId}-representative-hint`} className={styles.hint}>
              The operator will ask for proof that you may act for them.
            </p>
          </div>
        </div>
      )}
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send to the operator'}
        </button>
      </div>
    </form>
  );
}
