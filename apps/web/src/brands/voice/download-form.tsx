import { DOWNLOAD_LINK_HOURS } from '@app/contract/catalogue';
import { type FormEvent, useId, useState } from 'react';
import { FormControls } from '../../components/form-fields';
import { useRequestDownloadLink } from '../../features/catalogue/api/request-download-link';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import styles from './voice.module.css';

const FAILED = 'The link could not be sent. Please try again in a moment.';

/** Asks for an e-mail address and has a download link to the message mailed there (POST /api/download-link). */
export function DownloadForm({ messageId }: { messageId: number }) {
  const [email, setEmail] = useState('');
  const request = useRequestDownloadLink();
  const emailId = useId();
  const hintId = useId();
  const headingId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate({ messageId, email: email.trim() });
  };

  const problem = request.isError
    ? (request.error instanceof ApiError && request.error.serverMessage) || FAILED
    : null;
  // The button pressed is disabled while sending, so focus would be lost: each failure takes it.
  const problemRef = useFocusOutcome<HTMLParagraphElement>(request.error);

  return (
    <section aria-labelledby={headingId} className={styles.downloadBox}>
      <h2 id={headingId}>Download this message</h2>
      <p id={hintId}>
        We will e-mail you a link to the recording (a WAV file). The link works for {DOWNLOAD_LINK_HOURS}{' '}
        hours.
      </p>
      <form className={styles.form} onSubmit={onSubmit}>
        <FormControls>
          <label htmlFor={emailId}>Your e-mail address</label>
          <div className={styles.formRow}>
            <input
              id={emailId}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              aria-describedby={hintId}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            <button type="submit" className={styles.submit} disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Email me a download link'}
            </button>
          </div>
        </FormControls>
      </form>
      <p role="status" className={styles.sent}>
        {request.isSuccess ? request.data.message : ''}
      </p>
      {problem && (
        <p ref={problemRef} role="alert" className={styles.error} tabIndex={-1}>
          {problem}
        </p>
      )}
    </section>
  );
}
