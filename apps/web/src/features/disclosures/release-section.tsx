import type { DisclosureSummary } from '@app/contract/disclosure-release';
import type { DisclosureFile } from '@app/contract/disclosures';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { disclosuresKey, disclosuresQuery } from './api/get-disclosures';
import { type DownloadEntry, downloadsQuery } from './api/get-downloads';
import { filesQuery } from './api/get-files';
import { releaseDisclosure } from './api/release-disclosure';
import { revokeDisclosure } from './api/revoke-disclosure';
import styles from './disclosures.module.css';
import { failureText } from './file-card';
import { formatBytes, formatWhen } from './format';

/**
 * The request desk's queries (its page, history and list) start with this key: a release or a
 * revocation writes the request's history, so they are read again. The key is named, not imported,
 * as features never import each other.
 */
const DESK_KEY = ['requests', 'desk'] as const;

export interface ReleaseSectionProps {
  requestId: number;
  master: boolean;
}

/** The release's state as the operator reads it: until when it is open, or how it ended. */
export function releaseStateText(d: DisclosureSummary): string {
  const deleted = d.copiesDeletedAt
    ? `; its files were deleted from storage on ${formatWhen(d.copiesDeletedAt)}`
    : '';
  if (d.state === 'available') return `Active until ${formatWhen(d.expiresAt)}`;
  if (d.state === 'revoked') return `Revoked on ${formatWhen(d.revokedAt ?? d.expiresAt)}${deleted}`;
  return `Expired on ${formatWhen(d.expiresAt)}${deleted}`;
}

const whatLabels: Record<DownloadEntry['what'], string> = {
  file: 'file',
  letter: 'reply letter',
  pack: 'evidence pack',
};

/** The download log of one release, read when the operator opens it. */
function DownloadLog({ requestId, disclosure }: { requestId: number; disclosure: DisclosureSummary }) {
  const log = useQuery(downloadsQuery(requestId, disclosure.id));
  const names = new Map(disclosure.files.map((file) => [file.id, file.filename]));
  if (log.isPending) return <p aria-busy="true">Reading the download log…</p>;
  if (log.isError)
    return (
      <p role="alert" className={styles.error}>
        {failureText(log.error)}
      </p>
    );
  const { downloads } = log.data;
  if (downloads.length === 0) return <p>Nothing has been downloaded yet.</p>;
  return (
    <ul
      className={styles.log}
      aria-label={`Downloads of the release of ${formatWhen(disclosure.releasedAt)}`}
    >
      {downloads.map((entry, n) => (
        // The log has no ids; its order is the server's and never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are appended, never reordered
        <li key={n}>
          <strong>{formatWhen(entry.at)}</strong>: the{' '}
          {entry.what === 'file' ? (names.get(entry.itemId ?? 0) ?? 'file') : whatLabels[entry.what]}, from{' '}
          {entry.clientAddress},{' '}
          {entry.bytesSent === null ? 'still under way or cut' : `${formatBytes(entry.bytesSent)} sent`}
          {entry.range && ` (bytes ${entry.range.start}–${entry.range.end})`}
        </li>
      ))}
    </ul>
  );
}

/** One release: its state, files with hashes, the letter, the download log and, while active, "Revoke now". */
function ReleaseCard({
  requestId,
  disclosure,
  master,
  onRevoke,
}: {
  requestId: number;
  disclosure: DisclosureSummary;
  master: boolean;
  onRevoke: (d: DisclosureSummary) => Promise<void>;
}) {
  const headingId = useId();
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; n: number }>();
  const confirmRef = useFocusOutcome<HTMLParagraphElement>(confirming);
  const errorRef = useFocusOutcome<HTMLParagraphElement>(error?.n);
  const [kept, setKept] = useState(0);
  const revokeRef = useFocusOutcome<HTMLButtonElement>(kept);
  const released = formatWhen(disclosure.releasedAt);

  async function revoke() {
    setBusy(true);
    try {
      await onRevoke(disclosure);
    } catch (cause) {
      setConfirming(false);
      setError((old) => ({ text: failureText(cause), n: (old?.n ?? 0) + 1 }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.name}>
        Released {released} by {disclosure.releasedBy}
      </h4>
      <p className={disclosure.state === 'available' ? styles.stateActive : styles.stateEnded}>
        {releaseStateText(disclosure)}
      </p>
      <ul className={styles.items} aria-label={`Files of the release of ${released}`}>
        {disclosure.files.map((file) => (
          <li key={file.id}>
            <strong className={styles.itemName}>{file.filename}</strong> ({formatBytes(file.sizeBytes)},{' '}
            {file.downloads === 1 ? 'downloaded once' : `downloaded ${file.downloads} times`})
            <br />
            SHA-256 <code className={styles.hash}>{file.sha256}</code>
          </li>
        ))}
        <li>
          <strong className={styles.itemName}>Reply letter (PDF)</strong> (
          {formatBytes(disclosure.letter.sizeBytes)})
          <br />
          SHA-256 <code className={styles.hash}>{disclosure.letter.sha256}</code>
        </li>
      </ul>
      {error && (
        <p ref={errorRef} role="alert" tabIndex={-1} className={styles.error}>
          {error.text}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={showLog}
          onClick={() => setShowLog((open) => !open)}
        >
          {showLog ? 'Hide the download log' : 'Show the download log'}
        </button>
        {master && disclosure.state === 'available' && !confirming && (
          <button
            ref={revokeRef}
            type="button"
            className={styles.danger}
            aria-label={`Revoke now the release of ${released}`}
            onClick={() => setConfirming(true)}
          >
            Revoke now
          </button>
        )}
      </div>
      {confirming && (
        <div className={styles.confirm}>
          <p ref={confirmRef} tabIndex={-1}>
            Revoke this release now? The visitor can no longer download it and its copies are deleted from
            storage at once; its hashes and download log stay.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.danger} onClick={revoke} disabled={busy}>
              {busy ? 'Revoking…' : 'Yes, revoke it'}
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setConfirming(false);
                setKept((n) => n + 1);
              }}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
      {showLog && <DownloadLog requestId={requestId} disclosure={disclosure} />}
    </li>
  );
}

/** The form a master user releases with: complete files chosen by checkbox, and the reply letter. */
function ReleaseForm({
  requestId,
  files,
  onReleased,
}: {
  requestId: number;
  files: DisclosureFile[];
  onReleased: (d: DisclosureSummary) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [letter, setLetter] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ files?: string; letter?: string; form?: string; n: number }>();
  const problemsRef = useFocusOutcome<HTMLDivElement>(problems?.n);
  const complete = files.filter((file) => file.uploadState === 'complete' && file.sha256);
  const unfinished = files.length - complete.length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const n = (problems?.n ?? 0) + 1;
    const found = {
      files: chosen.length === 0 ? 'Choose at least one file to release.' : undefined,
      letter: letter.trim() === '' ? 'Write the reply letter that goes with the files.' : undefined,
    };
    if (found.files || found.letter) return setProblems({ ...found, n });
    setBusy(true);
    try {
      const released = await releaseDisclosure(requestId, { fileIds: chosen, letter });
      setProblems(undefined);
      setChosen([]);
      setLetter('');
      onReleased(released);
    } catch (cause) {
      setProblems({ form: failureText(cause), n });
    } finally {
      setBusy(false);
    }
  }

  if (complete.length === 0)
    return <p>Upload the footage above first: only files uploaded in full can be released.</p>;

  const messages = [problems?.form, problems?.files, problems?.letter].filter(Boolean);
  return (
    <form className={styles.release} onSubmit={submit} noValidate aria-label="Release to the visitor">
      {problems && messages.length > 0 && (
        <div ref={problemsRef} role="alert" tabIndex={-1} className={`${styles.notice} ${styles.problem}`}>
          <p className={styles.error}>The release was not made:</p>
          <ul>
            {messages.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      <fieldset
        className={styles.choices}
        aria-invalid={problems?.files ? true : undefined}
        aria-describedby={`${id}-files-hint`}
      >
        <legend className={styles.label}>Files to release</legend>
        <p id={`${id}-files-hint`} className={styles.hint}>
          Each is copied for the visitor, its SHA-256 checked as it is copied.
          {unfinished > 0 &&
            ` ${unfinished === 1 ? 'One file is' : `${unfinished} files are`} still uploading and cannot be released yet.`}
        </p>
        {complete.map((file) => (
          <div key={file.id} className={styles.choice}>
            <input
              id={`${id}-file-${file.id}`}
              type="checkbox"
              checked={chosen.includes(file.id)}
              aria-describedby={`${id}-file-${file.id}-hash`}
              onChange={(event) =>
                setChosen((old) =>
                  event.target.checked ? [...old, file.id] : old.filter((fileId) => fileId !== file.id),
                )
              }
            />
            <label htmlFor={`${id}-file-${file.id}`}>
              <span className={styles.itemName}>{file.filename}</span> ({formatBytes(file.sizeBytes)})
              <span id={`${id}-file-${file.id}-hash`} className={styles.choiceHash}>
                SHA-256 <code className={styles.hash}>{file.sha256}</code>
              </span>
            </label>
          </div>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-letter`} className={styles.label}>
          Reply letter
        </label>
        <p id={`${id}-letter-hint`} className={styles.hint}>
          Printed as a PDF the visitor downloads with the files, each listed with its SHA-256. Say what the
          footage shows, anything blurred or left out and why, and how long it stays available.
        </p>
        <textarea
          id={`${id}-letter`}
          className={styles.letter}
          rows={8}
          value={letter}
          aria-invalid={problems?.letter ? true : undefined}
          aria-describedby={`${id}-letter-hint`}
          onChange={(event) => setLetter(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? 'Releasing…' : 'Release to the visitor'}
        </button>
      </div>
    </form>
  );
}

/**
 * "Release to the visitor" on a request's page: a master user releases complete files and the
 * reply letter; everyone sees each release's state, files and hashes, and its download log; a
 * master user can revoke an active release at once (decision 0050).
 */
export function ReleaseSection({ requestId, master }: ReleaseSectionProps) {
  const queryClient = useQueryClient();
  const files = useQuery(filesQuery(requestId));
  const releases = useQuery(disclosuresQuery(requestId));
  const [outcome, setOutcome] = useState<{ text: string; n: number }>();
  const outcomeRef = useFocusOutcome<HTMLParagraphElement>(outcome?.n);
  const say = (text: string) => setOutcome((old) => ({ text, n: (old?.n ?? 0) + 1 }));

  async function revoke(d: DisclosureSummary) {
    const reply = await revokeDisclosure(requestId, d.id);
    queryClient.setQueryData(disclosuresKey(requestId), reply);
    void queryClient.invalidateQueries({ queryKey: DESK_KEY });
    say(
      `The release of ${formatWhen(d.releasedAt)} is revoked: nothing more can be downloaded, and its copies have been deleted from storage. Its hashes and download log are kept.`,
    );
  }

  const list = releases.data?.disclosures ?? [];
  return (
    <section className={styles.section} aria-labelledby="release-heading">
      <h2 id="release-heading">Release to the visitor</h2>
      <p className={styles.hint}>
        The visitor is e-mailed to open their private page; to download, they ask for a one-time code sent to
        their e-mail address. A release stays open for a limited time and can be revoked at once.
      </p>
      {outcome && (
        <p ref={outcomeRef} role="status" tabIndex={-1} className={`${styles.notice} ${styles.success}`}>
          {outcome.text}
        </p>
      )}
      {!master ? (
        <p className={styles.notice}>
          Only a master user of your company can release footage to the visitor or revoke a release, as it
          discloses personal data. Ask a master user to do it; you can see the releases and their downloads
          below.
        </p>
      ) : files.isPending ? (
        <p aria-busy="true">Loading the request’s files…</p>
      ) : files.isError ? (
        <p role="alert" className={styles.error}>
          {failureText(files.error)}
        </p>
      ) : (
        <ReleaseForm
          requestId={requestId}
          files={files.data.files}
          onReleased={(released) => {
            void queryClient.invalidateQueries({ queryKey: disclosuresKey(requestId) });
            void queryClient.invalidateQueries({ queryKey: DESK_KEY });
            const count = released.files.length;
            say(
              `Released: ${count === 1 ? 'one file' : `${count} files`} and the reply letter. The visitor has been e-mailed to open their page; downloads are open until ${formatWhen(released.expiresAt)}.`,
            );
          }}
        />
      )}
      <h3 className={styles.subheading}>Releases</h3>
      {releases.isPending ? (
        <p aria-busy="true">Loading the releases…</p>
      ) : releases.isError ? (
        <div role="alert" className={styles.notice}>
          <p className={styles.error}>{failureText(releases.error)}</p>
          <button type="button" className={styles.secondary} onClick={() => void releases.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <p>Nothing has been released to the visitor yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Releases of this request">
          {list.map((d) => (
            <ReleaseCard key={d.id} requestId={requestId} disclosure={d} master={master} onRevoke={revoke} />
          ))}
        </ul>
      )}
    </section>
  );
}
