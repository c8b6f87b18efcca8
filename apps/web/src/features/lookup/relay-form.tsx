import { RELAY_KINDS, type RelayBody, relayBody, relayKindLabels } from '@app/contract/lookup';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { sendRelay } from './api/send-relay';
import styles from './lookup.module.css';

type Kind = (typeof RELAY_KINDS)[number];

const empty = {
  name: '',
  email: '',
  message: '',
  footageDate: '',
  timeFrom: '',
  timeTo: '',
  location: '',
  description: '',
};

/** "Contact the operator": the message goes through the register; the operator's address stays private. */
export function RelayForm({ signRef }: { signRef: string }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('question');
  const [fields, setFields] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const footage = kind === 'footage';
    const body: RelayBody = {
      name: fields.name,
      email: fields.email,
      kind,
      message: fields.message,
      ...(footage
        ? {
            footageDate: fields.footageDate || undefined,
            timeFrom: fields.timeFrom || undefined,
            timeTo: fields.timeTo || undefined,
            location: fields.location,
            description: fields.description,
          }
        : {}),
    };
    const checked = relayBody.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await sendRelay(signRef, body);
      setReference(reply.reference);
    } catch (cause) {
      setError(
        cause instanceof ApiError
          ? (cause.serverMessage ?? 'Your message could not be sent. Please try again.')
          : 'Your message could not be sent. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  if (reference) {
    return (
      <div className={styles.notice} role="status">
        <p>
          Your message has been sent to the operator. Your reference is <strong>{reference}</strong>.
        </p>
        <p>We have e-mailed you a copy. The operator will answer you by e-mail.</p>
      </div>
    );
  }

  return (
    <form className={styles.relay} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contact the operator</h2>
      <p className={styles.hint}>
        Your message is passed on by the register. You have the right to a copy of footage of yourself; the
        operator must answer within one calendar month. Recordings are usually overwritten after about 30
        days, so ask soon.
      </p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-name`}>
          Your name
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={fields.name}
          onChange={set('name')}
          autoComplete="name"
          maxLength={100}
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-email`}>
          Your e-mail
        </label>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          value={fields.email}
          onChange={set('email')}
          autoComplete="email"
          maxLength={254}
        />
      </div>
      <fieldset className={styles.kinds}>
        <legend>What do you want?</legend>
        {RELAY_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
            />{' '}
            {relayKindLabels[k]}
          </label>
        ))}
      </fieldset>
      {kind === 'footage' && (
        <>
          <div className={styles.pair}>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-date`}>
                Date
              </label>
              <input
                id={`${id}-date`}
                className={styles.input}
                type="date"
                value={fields.footageDate}
                onChange={set('footageDate')}
              />
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-from`}>
                From
              </label>
              <input
                id={`${id}-from`}
                className={styles.input}
                type="time"
                value={fields.timeFrom}
                onChange={set('timeFrom')}
              />
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-to`}>
                To
              </label>
              <input
                id={`${id}-to`}
                className={styles.input}
                type="time"
                value={fields.timeTo}
                onChange={set('timeTo')}
              />
            </div>
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-where`}>
              Where you were
            </label>
            <input
              id={`${id}-where`}
              className={styles.input}
              value={fields.location}
              onChange={set('location')}
              maxLength={400}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-describe`}>
              How the operator can find you in the recording
            </label>
            <textarea
              id={`${id}-describe`}
              className={styles.textarea}
              value={fields.description}
              onChange={set('description')}
              maxLength={2000}
              placeholder="What you were wearing, what you were doing"
            />
          </div>
        </>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-message`}>
          {kind === 'footage' ? 'Anything else (optional)' : 'Your message'}
        </label>
        <textarea
          id={`${id}-message`}
          className={styles.textarea}
          value={fields.message}
          onChange={set('message')}
          maxLength={4000}
        />
      </div>
      <div aria-live="polite">{error && <p className={styles.error}>{error}</p>}</div>
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={busy}>
          Send to the operator
        </button>
      </div>
    </form>
  );
}
