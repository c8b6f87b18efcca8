import {
  DISCLOSURE_CODE_DIGITS,
  DISCLOSURE_CODE_MINUTES,
  type DisclosureSummary,
} from '@app/contract/disclosure-release';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, apiBaseUrl } from '../../lib/api-client';
import { useBrand } from '../../lib/brand';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { openDownloads } from './api/open-downloads';
import { sendCode } from './api/send-code';
import {
  visitorDisclosurePath,
  visitorDisclosuresKey,
  visitorDisclosuresQuery,
} from './api/visitor-disclosures';
import styles from './disclosures.module.css';
import { formatBytes, formatWhen } from './format';

export interface VisitorFootageProps {
  /** The request's reference as the private link's address has it. */
  reference: string;
  /** The private link's key. */
  secret: string;
}

/** What the visitor reads of a refused call: the server's words, with what to do for the ones it cannot say. */
export function visitorFailure(cause: unknown): string {
  if (cause instanceof ApiError) {
    if (cause.kind === 'network')
      return 'We could not reach the server. Check your connection and try again.';
    if (cause.status === 429)
      return 'Too many tries for now. Wait an hour, then ask for a new code. (This protects your footage from anyone guessing codes.)';
    return cause.serverMessage ?? 'That did not work. Please try again.';
  }
  return 'That did not work. Please try again.';
}

/**
 * The grant is an httpOnly cookie this page cannot read: until when it works is kept for the tab,
 * so after a reload the links are shown again while it lasts.
 */
const grantKey = (reference: string, id: number) => `disclosure-grant:${reference.toUpperCase()}:${id}`;

function keptGrant(reference: string, id: number): string | undefined {
  try {
    const until = sessionStorage.getItem(grantKey(reference, id));
    return until && Date.parse(until) > Date.now() ? until : undefined;
  } catch {
    return undefined;
  }
}

function keepGrant(reference: string, id: number, until: string) {
  try {
    sessionStorage.setItem(grantKey(reference, id), until);
  } catch {
    // Storage refused (a private window): the links show until the page is reloaded.
  }
}

/** The links of an opened disclosure: plain links, so the grant cookie goes with them and a phone can resume. */
function Downloads({
  base,
  disclosure,
  until,
}: {
  base: string;
  disclosure: DisclosureSummary;
  until: string;
}) {
  return (
    <div className={styles.downloads}>
      <h4 className={styles.subheading}>Download</h4>
      <ul className={styles.items} aria-label="Your downloads">
        {disclosure.files.map((file) => (
          <li key={file.id}>
            <a href={`${base}/files/${file.id}`} download={file.filename} className={styles.download}>
              {file.filename}
            </a>{' '}
            ({formatBytes(file.sizeBytes)})
          </li>
        ))}
        <li>
          <a href={`${base}/letter.pdf`} download="reply-letter.pdf" className={styles.download}>
            The reply letter (PDF)
          </a>{' '}
          ({formatBytes(disclosure.letter.sizeBytes)})
        </li>
        <li>
          <a href={`${base}/pack.zip`} download="evidence-pack.zip" className={styles.download}>
            The evidence pack (zip)
          </a>
          : every file, the letter and manifest.json with each file’s SHA-256, to show it is unchanged.
        </li>
      </ul>
      <p className={styles.hint}>
        These links work on this device until {formatWhen(until)}. A download that stops can be started again
        from its link; after that time, ask for a new code.
      </p>
    </div>
  );
}

/** One disclosure: its files and hashes, and the two steps to open its downloads. */
function DisclosureCard({
  reference,
  secret,
  disclosure,
  onEnded,
}: {
  reference: string;
  secret: string;
  disclosure: DisclosureSummary;
  /** The server says it has ended since the page was drawn: the list is read again. */
  onEnded: () => void;
}) {
  const brand = useBrand();
  const id = useId();
  const headingId = `${id}-heading`;
  const [sent, setSent] = useState<{ to: string; n: number }>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'grant'>();
  const [problem, setProblem] = useState<{ text: string; field: boolean; n: number }>();
  const [until, setUntil] = useState(() => keptGrant(reference, disclosure.id));
  const sentRef = useFocusOutcome<HTMLParagraphElement>(sent?.n);
  const problemRef = useFocusOutcome<HTMLParagraphElement>(problem?.n);
  const [opened, setOpened] = useState(0);
  const openedRef = useFocusOutcome<HTMLParagraphElement>(opened);
  const available = disclosure.state === 'available';
  const base = `${apiBaseUrl(brand, window.location.hostname)}${visitorDisclosurePath(reference, disclosure.id)}`;

  const fail = (text: string, field = false) => setProblem((old) => ({ text, field, n: (old?.n ?? 0) + 1 }));
  const refused = (cause: unknown) => {
    if (cause instanceof ApiError && cause.status === 410) onEnded();
    fail(visitorFailure(cause));
  };

  async function askForCode() {
    if (busy) return;
    setBusy('code');
    setProblem(undefined);
    try {
      const reply = await sendCode(reference, secret, disclosure.id);
      setSent((old) => ({ to: reply.sentTo, n: (old?.n ?? 0) + 1 }));
      // A code typed before is dead now: the box waits for the new one.
      setCode('');
    } catch (cause) {
      refused(cause);
    } finally {
      setBusy(undefined);
    }
  }

  async function open(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!new RegExp(`^\\d{${DISCLOSURE_CODE_DIGITS}}$`).test(typed)) {
      return fail(`Enter the ${DISCLOSURE_CODE_DIGITS}-digit code from the e-mail we sent you.`, true);
    }
    setBusy('grant');
    setProblem(undefined);
    try {
      const reply = await openDownloads(reference, secret, disclosure.id, typed);
      keepGrant(reference, disclosure.id, reply.expiresAt);
      setCode('');
      setUntil(reply.expiresAt);
      setOpened((n) => n + 1);
    } catch (cause) {
      refused(cause);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        Footage from {disclosure.releasedBy}, {formatWhen(disclosure.releasedAt)}
      </h3>
      <p className={available ? styles.stateActive : styles.stateEnded}>
        {available
          ? `Available to download until ${formatWhen(disclosure.expiresAt)}.`
          : disclosure.state === 'revoked'
            ? 'This footage has been withdrawn by the operator, and its files have been deleted. If you still need it, write to them below.'
            : `This footage expired on ${formatWhen(disclosure.expiresAt)}, and its files have been deleted. If you still need it, write to the operator below.`}
      </p>
      <ul className={styles.items} aria-label={`Files released ${formatWhen(disclosure.releasedAt)}`}>
        {disclosure.files.map((file) => (
          <li key={file.id}>
            <strong className={styles.itemName}>{file.filename}</strong> ({formatBytes(file.sizeBytes)})
            <br />
            SHA-256 <code className={styles.hash}>{file.sha256}</code>
          </li>
        ))}
        <li>
          <strong className={styles.itemName}>The reply letter (PDF)</strong> (
          {formatBytes(disclosure.letter.sizeBytes)})
        </li>
      </ul>
      {problem && (
        <p
          ref={problemRef}
          id={`${id}-problem`}
          role="alert"
          tabIndex={-1}
          className={`${styles.notice} ${styles.problem} ${styles.error}`}
        >
          {problem.text}
        </p>
      )}
      {available && (
        <>
          {until ? (
            <>
              {opened > 0 && (
                <p ref={openedRef} role="status" tabIndex={-1} className={styles.success}>
                  Your downloads are open.
                </p>
              )}
              <Downloads base={base} disclosure={disclosure} until={until} />
            </>
          ) : (
            <>
              <p className={styles.hint}>
                To keep your footage safe, downloading needs a one-time code, which we e-mail to the address
                you gave in your request. It works for {DISCLOSURE_CODE_MINUTES} minutes.
              </p>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={sent ? styles.secondary : styles.button}
                  onClick={askForCode}
                  disabled={busy !== undefined}
                >
                  {busy === 'code'
                    ? 'Sending the code…'
                    : sent
                      ? 'Email me a new code'
                      : 'Email me a download code'}
                </button>
              </div>
              {sent && (
                <p ref={sentRef} role="status" tabIndex={-1} className={styles.success}>
                  We have sent a code to {sent.to}. It works for {DISCLOSURE_CODE_MINUTES} minutes; any code
                  sent before it no longer works.
                </p>
              )}
              <form className={styles.codeForm} onSubmit={open} noValidate aria-label="Open your downloads">
                <label htmlFor={`${id}-code`} className={styles.label}>
                  Download code
                </label>
                <p id={`${id}-code-hint`} className={styles.hint}>
                  The {DISCLOSURE_CODE_DIGITS} digits in the e-mail.
                </p>
                <div className={styles.inline}>
                  <input
                    id={`${id}-code`}
                    className={styles.input}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={DISCLOSURE_CODE_DIGITS + 4}
                    value={code}
                    aria-invalid={problem?.field ? true : undefined}
                    aria-describedby={problem?.field ? `${id}-code-hint ${id}-problem` : `${id}-code-hint`}
                    onChange={(event) => setCode(event.target.value)}
                  />
                  <button type="submit" className={styles.button} disabled={busy !== undefined}>
                    {busy === 'grant' ? 'Opening…' : 'Open downloads'}
                  </button>
                </div>
              </form>
            </>
          )}
        </>
      )}
    </li>
  );
}

/**
 * "Your footage" on the visitor's private page: what the operator released, each file with its size
 * and SHA-256; a code mailed to the request's address opens the downloads (decision 0050). Nothing
 * is drawn until something has been released.
 */
export function VisitorFootage({ reference, secret }: VisitorFootageProps) {
  const queryClient = useQueryClient();
  const released = useQuery(visitorDisclosuresQuery(reference, secret));
  if (released.isPending) return null;
  if (released.isError)
    return (
      <section className={styles.section} aria-labelledby="your-footage-heading">
        <h2 id="your-footage-heading">Your footage</h2>
        <p role="alert" className={styles.error}>
          {visitorFailure(released.error)}
        </p>
      </section>
    );
  const list = released.data.disclosures;
  if (list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="your-footage-heading">
      <h2 id="your-footage-heading">Your footage</h2>
      <ul className={styles.list} aria-label="Footage released to you">
        {list.map((d) => (
          <DisclosureCard
            key={d.id}
            reference={reference}
            secret={secret}
            disclosure={d}
            onEnded={() => void queryClient.invalidateQueries({ queryKey: visitorDisclosuresKey(reference) })}
          />
        ))}
      </ul>
    </section>
  );
}
