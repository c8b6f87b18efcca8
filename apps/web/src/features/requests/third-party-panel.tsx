import { formatUkDate } from '@app/contract/dates';
import {
  handedOverBody,
  REASONS_TEXT_MIN,
  reasonsFor,
  requesterLabels,
  THIRD_PARTY_BASES,
  type ThirdPartyDecision,
  type ThirdPartyReason,
  type ThirdPartyView,
  thirdPartyBasisLabels,
  thirdPartyDecisionBody,
  thirdPartyReasonLabels,
} from '@app/contract/requests-third-party';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, useState } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import { Field, FieldError, type FieldSpec, RequiredMark } from '../../components/form-fields';
import fieldStyles from '../../components/form-fields.module.css';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { requestKey } from './api/get-request';
import { deskKey } from './api/query-keys';
import { decideThirdParty, recordHandedOver, thirdPartyQuery } from './api/third-party-decide';
import { failureText } from './request-parts';
import styles from './requests.module.css';

const decisionSpec: FieldSpec = {
  name: 'decision',
  label: 'Your decision',
  kind: 'radio',
  required: true,
  options: [
    { value: 'disclose', label: 'Disclose the footage' },
    { value: 'decline', label: 'Decline' },
  ],
};
const basisSpec: FieldSpec = {
  name: 'basis',
  label: 'Basis',
  kind: 'radio',
  required: true,
  options: THIRD_PARTY_BASES.map((value) => ({ value, label: thirdPartyBasisLabels[value] })),
};
const reasonsTextSpec: FieldSpec = {
  name: 'reasonsText',
  label: 'Why, in your own words',
  kind: 'textarea',
  required: true,
  maxLength: 4000,
};

/** First problem of each field, as the API's own schema finds it. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0] ?? '')] ??= issue.message;
  return found;
}

/** "Decide": disclose or decline, the basis, reasons chosen and written. Recorded once, in the history. */
function DecideForm({
  id,
  view,
  onDone,
}: {
  id: number;
  view: ThirdPartyView;
  onDone: (words: string) => void;
}) {
  const formId = 'decide';
  const [decision, setDecision] = useState<ThirdPartyDecision | ''>('');
  const [basis, setBasis] = useState<string>(view.basis);
  const [reasons, setReasons] = useState<ThirdPartyReason[]>([]);
  const [reasonsText, setReasonsText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const body = { decision, basis, reasons, reasonsText };
    const checked = thirdPartyDecisionBody.safeParse(body);
    if (!checked.success) {
      setErrors(problemsOf(checked.error.issues));
      setAttempts((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await decideThirdParty(id, checked.data);
      onDone(
        checked.data.decision === 'decline' ? 'Declined: the requester has been told.' : 'Decision recorded.',
      );
    } catch (cause) {
      setFormError(failureText(cause));
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const listed = ['decision', 'basis', 'reasons', 'reasonsText'].flatMap((name) =>
    errors[name] ? [{ name, message: errors[name] }] : [],
  );
  const reasonsId = `${formId}-reasons`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>Decide</h3>
      {(listed.length > 0 || formError) && (
        <ErrorSummary ref={summaryRef} formId={formId} items={listed} formError={formError} />
      )}
      <p className={styles.hint}>
        The law allows you to disclose, it does not oblige you to: decide this request on its own facts and
        say why. The decision is kept in the request’s history and cannot be changed.
      </p>
      <Field
        formId={formId}
        spec={decisionSpec}
        value={decision}
        error={errors.decision}
        onChange={(value) => {
          setDecision(value as ThirdPartyDecision);
          setReasons([]);
          setErrors(({ decision: _d, reasons: _r, ...others }) => others);
        }}
      />
      <Field
        formId={formId}
        spec={basisSpec}
        value={basis}
        error={errors.basis}
        onChange={(value) => setBasis(value)}
      />
      {decision && (
        <fieldset
          id={reasonsId}
          className={`${fieldStyles.field} ${fieldStyles.wide}`}
          aria-invalid={errors.reasons ? true : undefined}
          aria-describedby={errors.reasons ? `${reasonsId}-error` : undefined}
          tabIndex={-1}
        >
          <legend className={fieldStyles.label}>
            Reasons
            <RequiredMark required />
          </legend>
          <div className={styles.checks}>
            {reasonsFor[decision].map((reason) => (
              <label key={reason}>
                <input
                  type="checkbox"
                  name="reasons"
                  value={reason}
                  checked={reasons.includes(reason)}
                  onChange={(event) => {
                    setReasons((current) =>
                      event.target.checked ? [...current, reason] : current.filter((r) => r !== reason),
                    );
                    setErrors(({ reasons: _r, ...others }) => others);
                  }}
                />{' '}
                {thirdPartyReasonLabels[reason]}
              </label>
            ))}
          </div>
          <FieldError id={reasonsId} error={errors.reasons} />
        </fieldset>
      )}
      <Field
        formId={formId}
        spec={reasonsTextSpec}
        value={reasonsText}
        error={errors.reasonsText}
        onChange={(value) => {
          setReasonsText(value);
          setErrors(({ reasonsText: _t, ...others }) => others);
        }}
        hint={`At least ${REASONS_TEXT_MIN} characters. If you decline, the requester reads this on their page.`}
      />
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={busy}>
          {busy ? 'Recording…' : 'Record the decision'}
        </button>
      </div>
    </form>
  );
}

const handedSpecs: FieldSpec[] = [
  { name: 'what', label: 'What was handed over', kind: 'text', required: true, maxLength: 400 },
  { name: 'date', label: 'Date', kind: 'date', required: true },
  { name: 'time', label: 'Time', kind: 'time', required: true },
  { name: 'toWhom', label: 'To whom', kind: 'text', required: true, maxLength: 200 },
  { name: 'how', label: 'How', kind: 'text', required: true, maxLength: 400 },
];

/** "Recorded as handed over outside the product": what, when, to whom and how. */
function HandedOverForm({ id, onDone }: { id: number; onDone: (words: string) => void }) {
  const formId = 'handed';
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const value = (name: string) => values[name] ?? '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const checked = handedOverBody.safeParse({
      what: value('what'),
      when: `${value('date')}T${value('time')}`,
      toWhom: value('toWhom'),
      how: value('how'),
    });
    if (!checked.success) {
      const found = problemsOf(checked.error.issues);
      if (found.when) {
        found[value('date') ? 'time' : 'date'] = found.when;
        delete found.when;
      }
      setErrors(found);
      setAttempts((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await recordHandedOver(id, checked.data);
      onDone('Recorded as handed over.');
    } catch (cause) {
      setFormError(failureText(cause));
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const listed = handedSpecs.flatMap((spec) =>
    errors[spec.name] ? [{ name: spec.name, message: errors[spec.name] ?? '' }] : [],
  );
  const field = (spec: FieldSpec) => (
    <Field
      key={spec.name}
      formId={formId}
      spec={spec}
      value={value(spec.name)}
      error={errors[spec.name]}
      onChange={(next) => {
        setValues((current) => ({ ...current, [spec.name]: next }));
        setErrors(({ [spec.name]: _cleared, ...others }) => others);
      }}
      hint={
        spec.name === 'how'
          ? 'For example: the force’s own upload link, or a disc collected in person.'
          : undefined
      }
    />
  );
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>Recorded as handed over outside the product</h3>
      {(listed.length > 0 || formError) && (
        <ErrorSummary ref={summaryRef} formId={formId} items={listed} formError={formError} />
      )}
      <p className={styles.hint}>
        Release the footage with the files above, or, if you gave it another way, record what, when and to
        whom.
      </p>
      {field(handedSpecs[0] as FieldSpec)}
      <div className={styles.pair}>{handedSpecs.slice(1, 3).map(field)}</div>
      {handedSpecs.slice(3).map(field)}
      <div className={styles.actions}>
        <button className={styles.button} type="submit" disabled={busy}>
          {busy ? 'Recording…' : 'Record the hand-over'}
        </button>
      </div>
    </form>
  );
}

/**
 * A police, insurer or solicitor request on the operator's page: what they gave, the decision to
 * disclose or decline with its basis and reasons, and a hand-over outside the product
 * (docs/decisions/0052). Master users decide; others read.
 */
export function ThirdPartyPanel({
  requestId,
  open,
  master,
  onDone,
}: {
  requestId: number;
  /** Whether the request is still open: a closed one takes no decision. */
  open: boolean;
  master: boolean;
  onDone: (words: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(thirdPartyQuery(requestId));
  const done = (words: string) => {
    void queryClient.invalidateQueries({ queryKey: requestKey(requestId) });
    void queryClient.invalidateQueries({ queryKey: [...deskKey, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...deskKey, 'summary'] });
    onDone(words);
  };
  const view = query.data;
  return (
    <section className={styles.card} aria-labelledby="third-party-heading">
      <h2 id="third-party-heading">
        {view ? requesterLabels[view.requester] : 'Police, insurer or solicitor'}
      </h2>
      {query.isError && <p className={styles.error}>{failureText(query.error)}</p>}
      {view && (
        <>
          <dl className={styles.facts}>
            {view.details.map((detail) => (
              <Fragment key={detail.label}>
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </Fragment>
            ))}
          </dl>
          {view.decision ? (
            <div className={styles.notice}>
              <p>
                <strong>{view.decision.decision === 'disclose' ? 'Decided to disclose' : 'Declined'}</strong>{' '}
                by {view.decision.by} on {formatUkDate(view.decision.at)}.
              </p>
              <p>Basis: {thirdPartyBasisLabels[view.decision.basis]}.</p>
              <ul>
                {view.decision.reasons.map((reason) => (
                  <li key={reason}>{thirdPartyReasonLabels[reason]}</li>
                ))}
              </ul>
              <p>{view.decision.reasonsText}</p>
              {view.handedOver && (
                <p>
                  Handed over outside the product: {view.handedOver.what}, on{' '}
                  {formatUkDate(view.handedOver.when.slice(0, 10))} at {view.handedOver.when.slice(11)}, to{' '}
                  {view.handedOver.toWhom}, by {view.handedOver.how}.
                </p>
              )}
            </div>
          ) : !open ? (
            <p>No decision was recorded.</p>
          ) : master ? (
            <DecideForm id={requestId} view={view} onDone={done} />
          ) : (
            <p className={styles.hint}>A master user of your company decides whether to disclose.</p>
          )}
          {master && view.decision?.decision === 'disclose' && !view.handedOver && open && (
            <HandedOverForm id={requestId} onDone={done} />
          )}
        </>
      )}
    </section>
  );
}
