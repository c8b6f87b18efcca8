import { formatUkDate } from '@app/contract/dates';
import {
  isOpen,
  preferredFormLabels,
  requestKindLabels,
  requestMessages,
  requestStateLabels,
} from '@app/contract/request-lifecycle';
import type { VisitorRequest } from '@app/contract/requests';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ErrorSummary } from '../../components/error-summary';
import { FieldError, RequiredMark } from '../../components/form-fields';
import fieldStyles from '../../components/form-fields.module.css';
import { PageLoading } from '../../components/lazy-page';
import { PageShell } from '../../components/page-shell';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { visitorRequestKey, visitorRequestQuery } from './api/get-visitor-request';
import { visitorAction } from './api/visitor-action';
import { visitorDocument } from './api/visitor-document';
import { visitorMessage } from './api/visitor-message';
import { ExplainedDateText, failureText, footageWhen, HistoryList, TextForm } from './request-parts';
import styles from './requests.module.css';
import { readVisitorKey } from './visitor-key';

/** What the visitor's page is handed to show of what was released to them (another feature's part). */
export interface VisitorFootageProps {
  /** The request's reference as the link's address has it. */
  reference: string;
  /** The private link's key, sent in a header by every call. */
  secret: string;
}

/** The files accepted as proof of identity or authority: those the API checks by content (PDF, JPEG). */
export const PROOF_TYPES = ['application/pdf', 'image/jpeg'] as const;
export const proofTypeMessage = 'Choose a PDF file or a JPEG photo.';

/** The link did not open a request: why, and what the visitor can do. */
function LinkNotValid() {
  return (
    <div className={styles.notice} role="alert">
      <p>{requestMessages.linkNotValid}</p>
      <p>
        What you can do: open the link in the latest e-mail about your request, copying all of it into the
        address bar if it was split over two lines. If the request was closed long ago, send a new request
        from the sign’s page: scan its QR code or look up its reference.
      </p>
    </div>
  );
}

/** "Send proof of identity": one file, PDF, JPEG or PNG. */
function ProofForm({ send }: { send: (file: File) => Promise<unknown> }) {
  const id = 'proof';
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const summaryRef = useFocusOutcome<HTMLDivElement>(attempts);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const problem = !file
      ? 'Choose the file to send.'
      : (PROOF_TYPES as readonly string[]).includes(file.type)
        ? undefined
        : proofTypeMessage;
    if (problem || !file) {
      setError(problem);
      setAttempts((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await send(file);
    } catch (cause) {
      setFormError(failureText(cause, 'The file could not be sent. Please try again.'));
      setAttempts((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const inputId = `${id}-file`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Send proof of identity</h3>
      {(error || formError) && (
        <ErrorSummary
          ref={summaryRef}
          formId={id}
          items={error ? [{ name: 'file', message: error }] : []}
          formError={formError}
        />
      )}
      <div className={fieldStyles.field}>
        <label htmlFor={inputId} className={fieldStyles.label}>
          Proof of identity or authority
          <RequiredMark required />
        </label>
        <p id={`${inputId}-hint`} className={fieldStyles.hint}>
          A PDF file or a JPEG photo, such as a photo of your passport or driving licence. Only the operator’s
          master users can see it, and it is deleted 30 days after your request is closed.
        </p>
        <input
          id={inputId}
          name="file"
          type="file"
          className={styles.file}
          accept={PROOF_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(undefined);
          }}
        />
        <FieldError id={inputId} error={error} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? 'Sending…' : 'Send the file'}
        </button>
      </div>
    </form>
  );
}

/** "Withdraw the request", which asks to be sure first. */
function Withdraw({ withdraw }: { withdraw: () => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const questionRef = useFocusOutcome<HTMLParagraphElement>(asking);
  const errorRef = useFocusOutcome<HTMLParagraphElement>(error);

  if (!asking) {
    return (
      <div className={styles.actions}>
        <button type="button" className={styles.danger} onClick={() => setAsking(true)}>
          Withdraw the request
        </button>
      </div>
    );
  }
  return (
    <div className={styles.notice}>
      <p ref={questionRef} tabIndex={-1} className={styles.outcome}>
        <strong>Withdraw your request?</strong> The operator will stop working on it, and you cannot open it
        again: you would have to send a new request.
      </p>
      {error && (
        <p ref={errorRef} role="alert" tabIndex={-1} className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.danger}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(undefined);
            try {
              await withdraw();
            } catch (cause) {
              setError(failureText(cause));
            } finally {
              setBusy(false);
            }
          }}
        >
          Yes, withdraw it
        </button>
        <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
          No, keep it
        </button>
      </div>
    </div>
  );
}

function RequestView({
  request,
  reference,
  secret,
  Footage,
}: {
  request: VisitorRequest;
  reference: string;
  secret: string;
  Footage: ComponentType<VisitorFootageProps>;
}) {
  const queryClient = useQueryClient();
  const update = (reply: VisitorRequest) => queryClient.setQueryData(visitorRequestKey(reference), reply);
  const [changed, setChanged] = useState<string>();
  const changedRef = useFocusOutcome<HTMLParagraphElement>(changed);
  const when = footageWhen(request);
  const open = isOpen(request.state);
  const answeredState = request.state === 'answered' || request.state === 'closed';

  return (
    <>
      {changed && (
        <p ref={changedRef} role="status" tabIndex={-1} className={`${styles.notice} ${styles.success}`}>
          {changed}
        </p>
      )}
      <section className={styles.card} aria-labelledby="request-heading">
        <h2 id="request-heading">
          Your request <span className={styles.reference}>{request.reference}</span>
        </h2>
        <dl className={styles.facts}>
          <dt>State</dt>
          <dd>{requestStateLabels[request.state]}</dd>
          <dt>To</dt>
          <dd>
            {request.operator}, who runs the cameras at {request.siteName}
          </dd>
          <dt>What you asked for</dt>
          <dd>{requestKindLabels[request.kind]}</dd>
          <dt>Sent</dt>
          <dd>{formatUkDate(request.receivedAt)}</dd>
          {open && (
            <>
              <dt>The operator must answer by</dt>
              <dd>
                <ExplainedDateText value={request.due} />
              </dd>
            </>
          )}
          {request.acknowledgeBy && (
            <>
              <dt>Acknowledged</dt>
              <dd>{request.acknowledged ? 'Yes' : <ExplainedDateText value={request.acknowledgeBy} />}</dd>
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
          {answeredState && request.outcome && (
            <>
              <dt>Answer</dt>
              <dd>The operator’s answer is in the messages below.</dd>
            </>
          )}
        </dl>
        <h3>What happens next</h3>
        <p className={styles.next}>{request.next}</p>
      </section>

      {request.kind === 'footage' && (
        <section className={styles.card} aria-labelledby="details-heading">
          <h2 id="details-heading">The footage you asked for</h2>
          <dl className={styles.facts}>
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
            <dt>How to find you</dt>
            <dd>{request.description}</dd>
            {request.preferredForm && (
              <>
                <dt>You would like</dt>
                <dd>{preferredFormLabels[request.preferredForm]}</dd>
              </>
            )}
          </dl>
        </section>
      )}

      <Footage reference={reference} secret={secret} />

      {request.actions.length > 0 && (
        <section className={styles.card} aria-labelledby="asked-heading">
          <h2 id="asked-heading">What you can do</h2>
          {request.actions.includes('send_identity') && (
            <ProofForm
              send={async (file) => {
                update(await visitorDocument(reference, secret, file));
                setChanged('Your file has been sent. The operator has been told.');
              }}
            />
          )}
          {request.actions.includes('clarify') && (
            <TextForm
              id="clarify"
              title="Send the details asked for"
              label="The details the operator asked for"
              hint="Their question is in the messages below."
              submitLabel="Send the details"
              sentText="Your details have been sent."
              send={async (body) => {
                update(await visitorAction(reference, secret, { action: 'clarify', body }));
                setChanged('Your details have been sent. The operator has been told.');
              }}
            />
          )}
          {request.actions.includes('withdraw') && (
            <Withdraw
              withdraw={async () => {
                update(await visitorAction(reference, secret, { action: 'withdraw', body: '' }));
                setChanged('Your request has been withdrawn.');
              }}
            />
          )}
        </section>
      )}

      <section className={styles.card} aria-labelledby="messages-heading">
        <h2 id="messages-heading">Messages and history</h2>
        <HistoryList entries={request.history} viewer="visitor" />
        {request.documents.length > 0 && (
          <>
            <h3>Files you sent</h3>
            <ul>
              {request.documents.map((doc) => (
                <li key={`${doc.filename}-${doc.uploadedAt}`}>
                  {doc.filename}, sent {formatUkDate(doc.uploadedAt)}
                  {doc.deleted && ' (deleted since)'}
                </li>
              ))}
            </ul>
          </>
        )}
        {open && (
          <TextForm
            id="message"
            title="Write to the operator"
            label="Your message"
            submitLabel="Send the message"
            sentText={requestMessages.sent}
            send={async (body) => update(await visitorMessage(reference, secret, body))}
          />
        )}
      </section>
      <p className={styles.hint}>
        If the operator does not answer by the date above, or you are unhappy with the answer, you can
        complain to the Information Commissioner’s Office (ICO):{' '}
        <a href="https://ico.org.uk/make-a-complaint" target="_blank" rel="noopener noreferrer">
          ico.org.uk/make-a-complaint
          <span className={styles.visuallyHidden}> (opens in a new tab)</span>
        </a>
        , or telephone 0303 123 1113.
      </p>
    </>
  );
}

/**
 * /request/{reference}#{secret}: the visitor's own page, opened from the link in their mail, with no
 * account. Drawn in the browser only: the secret is in the address's fragment, which is never sent
 * to the server, and goes to the API in a header. What was released to the visitor (`footage`) is
 * another feature's part.
 */
export function VisitorPage({ footage }: { footage: ComponentType<VisitorFootageProps> }) {
  const { reference = '' } = useParams();
  const location = useLocation();
  const [secret] = useState(() => readVisitorKey(reference, location.hash));
  useEffect(() => {
    // Kept for this tab; taken out of the address bar, so a screenshot or a shared address does not carry it.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const request = useQuery({ ...visitorRequestQuery(reference, secret ?? ''), enabled: secret !== null });
  const notValid =
    secret === null ||
    (request.error instanceof ApiError && [401, 403, 404].includes(request.error.status ?? 0));

  return (
    <PageShell intro="Your request to the people who run the cameras: where it has got to, and what happens next.">
      {notValid ? (
        <LinkNotValid />
      ) : request.isPending ? (
        <PageLoading />
      ) : request.isError ? (
        <p role="alert" className={styles.error}>
          Your request could not be opened just now. Please check your connection and reload the page.
        </p>
      ) : (
        <RequestView request={request.data} reference={reference} secret={secret ?? ''} Footage={footage} />
      )}
    </PageShell>
  );
}
