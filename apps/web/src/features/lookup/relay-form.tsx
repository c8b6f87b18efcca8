import type { RelayBody } from '@app/contract/lookup';
import { RELAY_KINDS, relayKindLabels } from '@app/contract/lookup-text';
import { type FormEvent, useState } from 'react';
import { ErrorSummary, RequiredNote } from '../../components/error-summary';
import { Field, type FieldSpec } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import styles from './lookup.module.css';

type Kind = (typeof RELAY_KINDS)[number];
type Name = Exclude<keyof RelayBody, 'kind'>;

const empty: Record<Name, string> = {
  name: '',
  email: '',
  message: '',
  footageDate: '',
  timeFrom: '',
  timeTo: '',
  location: '',
  description: '',
};

const sendFailed = 'Your message could not be sent. Please try again.';

const kindSpec: FieldSpec = {
  name: 'kind',
  label: 'What do you want?',
  kind: 'radio',
  required: true,
  options: RELAY_KINDS.map((value) => ({ value, label: relayKindLabels[value] })),
};

/** The fields shown for a kind of message, in the order they are shown (and listed in the summary). */
function fieldSpecs(kind: Kind): { who: FieldSpec[]; footageWhen: FieldSpec[]; rest: FieldSpec[] } {
  const footage = kind === 'footage';
  const who: FieldSpec[] = [
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
  const footageWhen: FieldSpec[] = footage
    ? [
        { name: 'footageDate', label: 'Date', kind: 'date', required: true },
        { name: 'timeFrom', label: 'From', kind: 'time', required: true },
        { name: 'timeTo', label: 'To', kind: 'time', required: true },
      ]
    : [];
  const rest: FieldSpec[] = [
    ...(footage
      ? ([
          { name: 'location', label: 'Where you were', kind: 'text', required: false, maxLength: 400 },
          {
            name: 'description',
            label: 'How the operator can find you in the recording',
            kind: 'textarea',
            required: true,
            maxLength: 2000,
            placeholder: 'What you were wearing, what you were doing',
          },
        ] satisfies FieldSpec[])
      : []),
    {
      name: 'message',
      label: footage ? 'Anything else' : 'Your message',
      kind: 'textarea',
      required: !footage,
      maxLength: 4000,
    },
  ];
  return { who, footageWhen, rest };
}

/**
 * The form's checks and its call, which bring zod with them: fetched once the visitor starts on the
 * form (or sends it), so a sign's page opens without them (docs/decisions/0030).
 */
const loadRelaySending = () => import('./api/send-relay');

/**
 * "Contact the operator": the message goes through the register; the operator's address stays
 * private. The same pattern as the contact-us form: every problem at its field and in a summary
 * at the top that takes focus; on success the reference replaces the form and takes focus.
 */
export function RelayForm({ signRef }: { signRef: string }) {
  const formId = 'relay';
  const [kind, setKind] = useState<Kind>('question');
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const sentRef = useFocusOutcome<HTMLDivElement>(reference);
  const specs = fieldSpecs(kind);

  const setValue = (name: string, value: string) => {
    if (name === 'kind') setKind(value as Kind);
    else setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const footage = kind === 'footage';
    const body: RelayBody = {
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
            description: values.description,
          }
        : {}),
    };
    setBusy(true);
    try {
      const { relayProblems, sendRelay } = await loadRelaySending();
      const problems = relayProblems(body);
      if (problems) {
        setErrors(problems);
        setAttempts((n) => n + 1);
        return;
      }
      setErrors({});
      const reply = await sendRelay(signRef, body);
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
        <h2>Message sent</h2>
        <p>
          Your message has been sent to the operator. Your reference is{' '}
          <strong className={styles.reference}>{reference}</strong>.
        </p>
        <p>We have e-mailed you a copy. The operator will answer you by e-mail.</p>
      </div>
    );
  }

  const all = [...specs.who, kindSpec, ...specs.footageWhen, ...specs.rest];
  const listed = all.flatMap((spec) => {
    const message = errors[spec.name];
    return message ? [{ name: spec.name, message }] : [];
  });
  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      formId={formId}
      spec={spec}
      value={spec.name === 'kind' ? kind : (values[spec.name as Name] ?? '')}
      error={errors[spec.name]}
      onChange={(value) => setValue(spec.name, value)}
    />
  );

  return (
    <form
      className={styles.relay}
      onSubmit={submit}
      onFocus={() => void loadRelaySending().catch(() => undefined)}
      noValidate
      aria-labelledby={`${formId}-title`}
    >
      <h2 id={`${formId}-title`}>Contact the operator</h2>
      {(listed.length > 0 || formError) && (
        <ErrorSummary ref={summaryRef} formId={formId} items={listed} formError={formError} />
      )}
      <p className={styles.hint}>
        Your message is passed on by the register. You have the right to a copy of footage of yourself; the
        operator must answer within one calendar month. Recordings are usually overwritten after about 30
        days, so ask soon.
      </p>
      <RequiredNote className={styles.hint} />
      {specs.who.map(field)}
      {field(kindSpec)}
      {specs.footageWhen.length > 0 && <div className={styles.pair}>{specs.footageWhen.map(field)}</div>}
      {specs.rest.map(field)}
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send to the operator'}
        </button>
      </div>
    </form>
  );
}
