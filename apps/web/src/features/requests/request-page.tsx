import { formatUkDate } from '@app/contract/dates';
import {
  type AskingAction,
  draftActionText,
  draftReplyLetter,
  hasPlaceholders,
  ICO_COMPLAINT_URL,
  ICO_HELPLINE,
  type LetterFacts,
  letterMessages,
} from '@app/contract/request-letters';
import {
  isOpen,
  type OperatorAction,
  OUTCOMES,
  type Outcome,
  outcomeLabels,
  preferredFormLabels,
  requestActionLabels,
  requestKindLabels,
  requestStateLabels,
  SAVED_WAYS,
  type SavedWay,
  savedWayLabels,
} from '@app/contract/request-lifecycle';
import type { DeskRequest } from '@app/contract/requests';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorSummary } from '../../components/error-summary';
import { Field } from '../../components/form-fields';
import fieldStyles from '../../components/form-fields.module.css';
import { PageLoading } from '../../components/lazy-page';
import { PageShell } from '../../components/page-shell';
import { SignInGate } from '../../components/sign-in-gate';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { useSession } from '../../lib/session';
import { download } from './api/download';
import { footageSaved } from './api/footage-saved';
import { requestKey, requestQuery } from './api/get-request';
import { operatorAction } from './api/operator-action';
import { operatorMessage } from './api/operator-message';
import { deskKey } from './api/query-keys';
import {
  ExplainedDateText,
  failureText,
  footageWhen,
  HistoryList,
  OverwriteText,
  TextForm,
} from './request-parts';
import styles from './requests.module.css';
import { ThirdPartyPanel } from './third-party-panel';

/** What a request's page is handed to show of the request's files (another feature's part). */
export interface RequestFilesProps {
  requestId: number;
  /** A master user may delete files. */
  master: boolean;
}

export const letterNeedsIco = `The letter must tell the person of their right to complain to the ICO (${ICO_COMPLAINT_URL}, ${ICO_HELPLINE}).`;

const letterFacts = (request: DeskRequest): LetterFacts => ({
  reference: request.reference,
  visitorName: request.visitorName,
  operator: request.operator,
  siteName: request.siteName,
  receivedAt: request.receivedAt,
  footageDate: request.footageDate,
  timeFrom: request.timeFrom,
  timeTo: request.timeTo,
  preferredForm: request.preferredForm,
  representative: request.representative,
});

/** The words with an asking action: what the box is called, and what the operator should know. */
const asking: Record<AskingAction, { label: string; hint: string }> = {
  ask_identity: {
    label: 'What you ask the visitor to send',
    hint: 'Sent to the visitor with a link to upload it. The time to answer starts again when the proof arrives.',
  },
  ask_clarification: {
    label: 'The details you need',
    hint: 'Sent to the visitor. The days until they answer do not count towards the time to answer.',
  },
  extend: {
    label: 'The reasons, as the visitor will read them',
    hint: 'An extension of up to two further months is allowed for a complex request, only if the visitor is told, with the reasons, within the first month.',
  },
};

const isAsking = (action: OperatorAction): action is AskingAction =>
  action === 'ask_identity' || action === 'ask_clarification' || action === 'extend';

/** Refuses a draft still holding [words to replace]. */
const checkDraft = (text: string) => {
  if (text === '') return 'Write what the visitor will read.';
  return hasPlaceholders(text) ? letterMessages.placeholders : undefined;
};

/** A step without words (start, close, acknowledge): one button, with the server's refusal shown. */
function StepButton({ action, run }: { action: OperatorAction; run: () => Promise<unknown> }) {
  const [error, setError] = useState<string>();
  const [attempts, setAttempts] = useState(0);
  const [busy, setBusy] = useState(false);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const id = `step-${action}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await run();
    } catch (cause) {
      setError(failureText(cause));
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label={requestActionLabels[action]}>
      {error && <ErrorSummary ref={summaryRef} formId={id} items={[]} formError={error} />}
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {requestActionLabels[action]}
        </button>
      </div>
    </form>
  );
}

/** Answer: the outcome, and the reply letter drafted for it, edited before sending. */
function AnswerForm({
  request,
  run,
}: {
  request: DeskRequest;
  run: (text: string, outcome: Outcome) => Promise<unknown>;
}) {
  const [outcome, setOutcome] = useState<Outcome>('disclosed');
  return (
    <TextForm
      id="answer"
      title="Answer"
      label="The reply letter"
      hint="Drafted for the outcome you chose: replace the words in [square brackets] and edit it as you need. It is sent to the visitor and kept in the history."
      initial={draftReplyLetter(outcome, letterFacts(request))}
      submitLabel="Send the answer"
      sentText="The answer has been sent."
      tall
      check={(text) => checkDraft(text) ?? (text.includes(ICO_COMPLAINT_URL) ? undefined : letterNeedsIco)}
      send={(text) => run(text, outcome)}
    >
      <Field
        formId="answer"
        spec={{
          name: 'outcome',
          label: 'The outcome',
          kind: 'radio',
          required: true,
          options: OUTCOMES.map((value) => ({ value, label: outcomeLabels[value] })),
        }}
        value={outcome}
        error={undefined}
        onChange={(value) => setOutcome(value as Outcome)}
      />
    </TextForm>
  );
}

/** The actions the request's state allows: choose one, then its words (if any) and send. */
function Actions({
  request,
  onDone,
}: {
  request: DeskRequest;
  onDone: (reply: DeskRequest, done: string) => void;
}) {
  const [chosen, setChosen] = useState<OperatorAction | ''>('');
  const action = chosen && request.actions.includes(chosen) ? chosen : '';
  const run = async (body: string, outcome?: Outcome) => {
    if (!action) return;
    const reply = await operatorAction(request.id, { action, body, ...(outcome ? { outcome } : {}) });
    setChosen('');
    onDone(
      reply,
      `${requestActionLabels[action]}: done. The request is now ${requestStateLabels[reply.state].toLowerCase()}.`,
    );
  };

  if (request.actions.length === 0)
    return <p>No more steps: this request is {requestStateLabels[request.state].toLowerCase()}.</p>;
  return (
    <>
      <fieldset className={styles.steps}>
        <legend className={fieldStyles.label}>What do you want to do?</legend>
        <div className={fieldStyles.radios}>
          {request.actions.map((value) => (
            <label key={value} className={fieldStyles.radio}>
              <input
                type="radio"
                name="next-step"
                value={value}
                checked={action === value}
                onChange={() => setChosen(value)}
              />
              {requestActionLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {action === 'answer' && <AnswerForm request={request} run={(text, outcome) => run(text, outcome)} />}
      {action && isAsking(action) && (
        <TextForm
          key={action}
          id={action}
          title={requestActionLabels[action]}
          label={asking[action].label}
          hint={asking[action].hint}
          initial={draftActionText(action, letterFacts(request))}
          submitLabel={requestActionLabels[action]}
          sentText="Sent."
          check={checkDraft}
          send={(text) => run(text)}
        />
      )}
      {action && action !== 'answer' && !isAsking(action) && (
        <StepButton action={action} run={() => run('')} />
      )}
    </>
  );
}

/** "Footage saved": where it was saved, and a note; the one thing to do first for a footage request. */
function FootageSavedForm({
  request,
  onDone,
}: {
  request: DeskRequest;
  onDone: (reply: DeskRequest, done: string) => void;
}) {
  const [how, setHow] = useState<SavedWay | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [attempts, setAttempts] = useState(0);
  const [busy, setBusy] = useState(false);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);
  const id = 'saved';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    if (!how) {
      setError('Say where the footage was saved.');
      setAttempts((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      onDone(await footageSaved(request.id, how, note.trim()), 'Footage marked as saved.');
    } catch (cause) {
      setFormError(failureText(cause));
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="saved-heading">
      {(error || formError) && (
        <ErrorSummary
          ref={summaryRef}
          formId={id}
          items={error ? [{ name: 'how', message: error }] : []}
          formError={formError}
        />
      )}
      <Field
        formId={id}
        spec={{
          name: 'how',
          label: 'Where is it saved?',
          kind: 'radio',
          required: true,
          options: SAVED_WAYS.map((value) => ({ value, label: savedWayLabels[value] })),
        }}
        value={how}
        error={error}
        onChange={(value) => {
          setHow(value as SavedWay);
          setError(undefined);
        }}
      />
      <Field
        formId={id}
        spec={{
          name: 'note',
          label: 'Where it is, or anything to remember',
          kind: 'text',
          required: false,
          maxLength: 400,
        }}
        value={note}
        error={undefined}
        onChange={setNote}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          Footage saved
        </button>
      </div>
    </form>
  );
}

function RequestDetails({
  request,
  master,
  Files,
}: {
  request: DeskRequest;
  master: boolean;
  Files: ComponentType<RequestFilesProps>;
}) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string>();
  const doneRef = useFocusOutcome<HTMLParagraphElement>(done);
  const [downloadError, setDownloadError] = useState<string>();
  const { today } = request;
  const when = footageWhen(request);
  const open = isOpen(request.state);

  const onDone = (reply: DeskRequest, words: string) => {
    queryClient.setQueryData(requestKey(request.id), reply);
    void queryClient.invalidateQueries({ queryKey: [...deskKey, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...deskKey, 'summary'] });
    setDone(words);
  };

  return (
    <>
      <p>
        <Link to="/requests">Back to the request desk</Link>
      </p>
      {done && (
        <p ref={doneRef} role="status" tabIndex={-1} className={`${styles.notice} ${styles.success}`}>
          {done}
        </p>
      )}
      <section className={styles.card} aria-labelledby="request-heading">
        <h2 id="request-heading" className={styles.cardTitle}>
          <span className={styles.reference}>{request.reference}</span> {requestKindLabels[request.kind]}
        </h2>
        <dl className={styles.facts}>
          <dt>State</dt>
          <dd>
            {requestStateLabels[request.state]}
            {request.outcome && `: ${outcomeLabels[request.outcome]}`}
          </dd>
          {request.overwrite && (
            <>
              <dt>Footage overwritten</dt>
              <dd>
                <OverwriteText item={request} today={today} />
              </dd>
            </>
          )}
          {open && (
            <>
              <dt>Answer by</dt>
              <dd>
                <ExplainedDateText
                  value={request.due}
                  tag={request.overdue ? <span className={styles.tag}>Overdue</span> : null}
                />
              </dd>
            </>
          )}
          {request.acknowledgeBy && (
            <>
              <dt>Acknowledge by</dt>
              <dd>
                {request.acknowledged ? 'Acknowledged' : <ExplainedDateText value={request.acknowledgeBy} />}
              </dd>
            </>
          )}
          {request.extension && (
            <>
              <dt>Extended</dt>
              <dd>
                On {formatUkDate(request.extension.askedOn)}: {request.extension.reason}
              </dd>
            </>
          )}
        </dl>
        <p className={styles.next}>Next: {request.next}</p>
      </section>

      {request.kind === 'third_party' && (
        <ThirdPartyPanel requestId={request.id} open={open} master={master} onDone={setDone} />
      )}

      {request.kind === 'footage' && (
        <section className={styles.card} aria-labelledby="saved-heading">
          <h2 id="saved-heading">Footage saved</h2>
          {request.footageSaved ? (
            <p>
              Saved on {formatUkDate(request.footageSaved.at)}:{' '}
              {savedWayLabels[request.footageSaved.how].toLowerCase()}
              {request.footageSaved.note && `. ${request.footageSaved.note}`}
            </p>
          ) : open ? (
            <>
              <p className={styles.hint}>
                Save the footage of the time asked for before the recorder overwrites it: deleting it to avoid
                answering is an offence (section 173, Data Protection Act 2018).
              </p>
              <FootageSavedForm request={request} onDone={onDone} />
            </>
          ) : (
            <p>Not marked as saved.</p>
          )}
        </section>
      )}

      <Files requestId={request.id} master={master} />

      <section className={styles.card} aria-labelledby="steps-heading">
        <h2 id="steps-heading">Next step</h2>
        <Actions request={request} onDone={onDone} />
        {request.extendRefused && <p className={styles.hint}>{request.extendRefused}</p>}
      </section>

      <section className={styles.card} aria-labelledby="asked-heading">
        <h2 id="asked-heading">What was asked</h2>
        <dl className={styles.facts}>
          <dt>From</dt>
          <dd>
            {request.visitorName}
            {request.representative && ' (for someone else, or someone under 16)'}
            <br />
            {request.visitorEmail}
          </dd>
          <dt>Site</dt>
          <dd>{request.siteName}</dd>
          <dt>Received</dt>
          <dd>{formatUkDate(request.receivedAt)}</dd>
          {when && (
            <>
              <dt>When</dt>
              <dd>{when}</dd>
            </>
          )}
          {request.location && (
            <>
              <dt>Where</dt>
              <dd>{request.location}</dd>
            </>
          )}
          {request.camera && (
            <>
              <dt>Camera</dt>
              <dd>{request.camera}</dd>
            </>
          )}
          {request.description && (
            <>
              <dt>How to find them</dt>
              <dd>{request.description}</dd>
            </>
          )}
          {request.preferredForm && (
            <>
              <dt>Would like</dt>
              <dd>{preferredFormLabels[request.preferredForm]}</dd>
            </>
          )}
          {request.message && (
            <>
              <dt>Message</dt>
              <dd>{request.message}</dd>
            </>
          )}
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="history-heading">
        <h2 id="history-heading">Messages and history</h2>
        <HistoryList entries={request.history} viewer="operator" />
        <TextForm
          id="message"
          title="Write to the visitor"
          label="Your message"
          hint="The visitor is told by e-mail that there is a message on their request’s page."
          submitLabel="Send the message"
          sentText="Your message has been sent."
          send={async (body) =>
            onDone(await operatorMessage(request.id, body), 'Your message has been sent.')
          }
        />
      </section>

      {master && request.documents.length > 0 && (
        <section className={styles.card} aria-labelledby="documents-heading">
          <h2 id="documents-heading">Documents</h2>
          <p className={styles.hint}>
            Proof of identity or authority. Only master users see these; each is deleted 30 days after the
            request closes.
          </p>
          <ul>
            {request.documents.map((doc) => (
              <li key={doc.id}>
                {doc.deleted ? (
                  `${doc.filename} (deleted)`
                ) : (
                  <a
                    href={`/api/requests/${request.id}/documents/${doc.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      setDownloadError(undefined);
                      download(`/api/requests/${request.id}/documents/${doc.id}`, doc.filename).catch(
                        (cause: unknown) => setDownloadError(failureText(cause)),
                      );
                    }}
                  >
                    {doc.filename}
                  </a>
                )}
                , sent {formatUkDate(doc.uploadedAt)}
              </li>
            ))}
          </ul>
          {downloadError && (
            <p role="alert" className={styles.error}>
              {downloadError}
            </p>
          )}
        </section>
      )}
    </>
  );
}

function RequestLoader({
  id,
  master,
  Files,
}: {
  id: number;
  master: boolean;
  Files: ComponentType<RequestFilesProps>;
}) {
  const request = useQuery(requestQuery(id));
  if (request.isPending) return <PageLoading />;
  if (request.isError) {
    const missing = request.error instanceof ApiError && request.error.status === 404;
    return (
      <div role="alert" className={styles.notice}>
        <p>{missing ? 'There is no such request in your company.' : failureText(request.error)}</p>
        <p>
          <Link to="/requests">Back to the request desk</Link>
        </p>
      </div>
    );
  }
  return <RequestDetails request={request.data} master={master} Files={Files} />;
}

/**
 * /requests/{id}: one request, its dates, the footage saved, its files (`files`, another feature's,
 * handed in by the routes), the steps its state allows, and its history.
 */
export function RequestPage({ files }: { files: ComponentType<RequestFilesProps> }) {
  const session = useSession();
  const { id = '' } = useParams();
  const requestId = /^\d{1,9}$/.test(id) ? Number(id) : null;

  return (
    <PageShell intro="One request from the public: what was asked, when it must be answered, and what has been done.">
      {!session.signedIn ? (
        <SignInGate message="Please sign in to see this request." />
      ) : requestId === null ? (
        <div role="alert" className={styles.notice}>
          <p>There is no such request in your company.</p>
          <p>
            <Link to="/requests">Back to the request desk</Link>
          </p>
        </div>
      ) : (
        <RequestLoader id={requestId} master={session.master} Files={files} />
      )}
    </PageShell>
  );
}
