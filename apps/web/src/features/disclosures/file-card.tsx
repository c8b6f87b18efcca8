import type { DisclosureFile } from '@app/contract/disclosures';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { makeStill } from './api/make-still';
import styles from './disclosures.module.css';
import { formatBytes, formatClipTime, isStillKind, kindLabels, parseClipTime } from './format';

/** What the operator reads of a failed call: the server's words, or what to do. */
export function failureText(cause: unknown): string {
  if (cause instanceof ApiError) {
    if (cause.kind === 'network')
      return 'The server could not be reached. Check the connection and try again.';
    if (cause.status === 401) return 'Your session has ended. Sign in again.';
    if (cause.status === 403) return 'Only a master user of your company can do this.';
    return cause.serverMessage ?? 'That did not work. Try again.';
  }
  return 'That did not work. Try again.';
}

const processingText = (file: DisclosureFile): string | null => {
  const { state, progress } = file.processing;
  switch (state) {
    case 'probing':
      return 'Reading the clip’s length, picture and codec…';
    case 'waiting':
      return 'Browsers cannot play this clip: a playable MP4 copy will be made. Waiting for its turn…';
    case 'converting':
      return `Making a playable MP4 copy: ${progress}%`;
    case 'done':
      return file.playable
        ? `Playable MP4 copy made (${formatBytes(file.playable.sizeBytes)}); the original is kept as it arrived.`
        : 'Playable MP4 copy made; the original is kept as it arrived.';
    case 'failed':
      return 'No playable copy could be made. The original is kept, to download as it is.';
    case 'not_possible':
      return 'Its video could not be read, so it is kept as a file to download, with its SHA-256.';
    case 'not_needed':
      return null;
  }
};

const codecText = (file: DisclosureFile) =>
  [
    file.videoCodec && `${file.videoCodec.toUpperCase()} video`,
    file.audioCodec && `${file.audioCodec.toUpperCase()} sound`,
  ]
    .filter(Boolean)
    .join(', ');

/** The still form: a time in the clip, checked against its length before it is sent. */
function StillForm({
  requestId,
  file,
  onMade,
}: {
  requestId: number;
  file: DisclosureFile;
  onMade: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState(0);
  const [busy, setBusy] = useState(false);
  const errorRef = useFocusOutcome<HTMLParagraphElement>(errors);
  const length = file.durationMs ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const seconds = parseClipTime(text);
    const fail = (message: string) => {
      setError(message);
      setErrors((n) => n + 1);
    };
    if (seconds === null) return fail('Write the time as seconds (83) or minutes and seconds (1:23).');
    if (seconds * 1000 >= length)
      return fail(`That time is past the end of the clip (${formatClipTime(length)}).`);
    setBusy(true);
    setError(undefined);
    try {
      const still = await makeStill(requestId, file.id, seconds);
      setText('');
      onMade(
        `Still made at ${formatClipTime(Math.round(seconds * 1000))} of ${file.filename}: ${still.filename}.`,
      );
    } catch (cause) {
      fail(failureText(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.still}
      onSubmit={submit}
      noValidate
      aria-label={`Make a still of ${file.filename}`}
    >
      <label htmlFor={`${id}-at`} className={styles.label}>
        Make a still at
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Seconds, or minutes and seconds (1:23.5), up to {formatClipTime(length)}.
      </p>
      {error && (
        <p ref={errorRef} id={`${id}-error`} role="alert" tabIndex={-1} className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.inline}>
        <input
          id={`${id}-at`}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={styles.secondary} disabled={busy}>
          {busy ? 'Making the still…' : 'Make the still'}
        </button>
      </div>
    </form>
  );
}

/** One file of the request: what it is, its SHA-256 to copy, the playable copy's progress, stills, delete. */
export function FileCard({
  requestId,
  file,
  master,
  clipName,
  onChanged,
  onDelete,
}: {
  requestId: number;
  file: DisclosureFile;
  master: boolean;
  /** The clip a still was taken from, by name. */
  clipName: string | undefined;
  /** A still was made: the list is read again, and `text` said. */
  onChanged: (text: string) => void;
  onDelete: (file: DisclosureFile) => Promise<void>;
}) {
  const headingId = useId();
  const [note, setNote] = useState<{ text: string; error: boolean; n: number }>();
  const noteRef = useFocusOutcome<HTMLParagraphElement>(note?.n);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useFocusOutcome<HTMLParagraphElement>(confirming);
  // "Keep it" hands focus back to the Delete button it replaced.
  const [kept, setKept] = useState(0);
  const deleteRef = useFocusOutcome<HTMLButtonElement>(kept);
  const say = (text: string, error = false) => setNote((old) => ({ text, error, n: (old?.n ?? 0) + 1 }));
  const complete = file.uploadState === 'complete';
  const clip = complete && !isStillKind(file.kind) && file.durationMs !== null && file.durationMs > 0;
  const processing = complete ? processingText(file) : null;
  const codecs = codecText(file);

  async function copyHash(hash: string) {
    try {
      await navigator.clipboard.writeText(hash);
      say('SHA-256 copied.');
    } catch {
      say('It could not be copied here: select the SHA-256 and copy it.', true);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await onDelete(file);
    } catch (cause) {
      setConfirming(false);
      say(failureText(cause), true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {file.filename}
      </h3>
      <dl className={styles.facts}>
        <dt>Kind</dt>
        <dd>{file.kind ? kindLabels[file.kind] : 'Not known yet'}</dd>
        <dt>Size</dt>
        <dd>{formatBytes(file.sizeBytes)}</dd>
        {file.still && (
          <>
            <dt>Still of</dt>
            <dd>
              {clipName ?? 'a clip'} at {formatClipTime(file.still.atMs)}
            </dd>
          </>
        )}
        {file.durationMs !== null && (
          <>
            <dt>Length</dt>
            <dd>{formatClipTime(file.durationMs)}</dd>
          </>
        )}
        {file.width !== null && file.height !== null && (
          <>
            <dt>Picture</dt>
            <dd>
              {file.width} × {file.height}
            </dd>
          </>
        )}
        {codecs && (
          <>
            <dt>Codec</dt>
            <dd>{codecs}</dd>
          </>
        )}
        <dt>Uploaded</dt>
        <dd>
          {complete
            ? `by ${file.uploadedBy}, ${new Date(file.completedAt ?? file.uploadedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`
            : 'Not finished: choose the same file again above to resume it from where it stopped.'}
        </dd>
        {file.sha256 && (
          <>
            <dt>SHA-256</dt>
            <dd className={styles.hashRow}>
              <code className={styles.hash}>{file.sha256}</code>
              <button
                type="button"
                className={styles.small}
                aria-label={`Copy the SHA-256 of ${file.filename}`}
                onClick={() => copyHash(file.sha256 ?? '')}
              >
                Copy
              </button>
            </dd>
          </>
        )}
      </dl>
      {processing && (
        <div className={styles.processing}>
          <p>{processing}</p>
          {file.processing.state === 'converting' && (
            <progress
              className={styles.progress}
              max={100}
              value={file.processing.progress}
              aria-label={`Playable copy of ${file.filename}`}
            />
          )}
        </div>
      )}
      {note && (
        <p
          ref={noteRef}
          role={note.error ? 'alert' : 'status'}
          tabIndex={-1}
          className={note.error ? styles.error : styles.success}
        >
          {note.text}
        </p>
      )}
      {clip && <StillForm requestId={requestId} file={file} onMade={onChanged} />}
      {master &&
        (confirming ? (
          <div className={styles.confirm}>
            <p ref={confirmRef} tabIndex={-1}>
              Delete {file.filename}? Its bytes go for good; its SHA-256 and history stay.
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.danger} onClick={remove} disabled={busy}>
                Yes, delete it
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
        ) : (
          <div className={styles.actions}>
            <button
              ref={deleteRef}
              type="button"
              className={styles.danger}
              aria-label={`Delete ${file.filename}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </div>
        ))}
    </li>
  );
}
