import { lookupMessages } from '@app/contract/lookup';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { ApiError } from '../../lib/api-client';
import { lookupSign } from './api/lookup-sign';
import { recordSearch } from './api/record-search';
import { signPath } from './format';
import styles from './lookup.module.css';

/** /search-scheme: one box for the reference on the sign, straight to the sign's page. */
export function SearchSchemePage() {
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    if (!value) {
      setError('Please enter the reference on the sign.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sign = await lookupSign(value);
      recordSearch(value, sign.id);
      navigate(signPath(sign.signRef), { state: { recorded: true } });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 404) {
        recordSearch(value, null);
        setError(lookupMessages.notFound);
      } else {
        setError(
          cause instanceof ApiError
            ? (cause.serverMessage ?? 'The search failed. Please try again.')
            : 'The search failed. Please try again.',
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell intro="Enter the sign reference printed on the sticker to find the scheme operator.">
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={inputId}>
            The reference on the sign
          </label>
          <p className={styles.hint} id={hintId}>
            For example K7QM-3XWD-P9TE. Hyphens, spaces and capitals do not matter.
          </p>
          <input
            id={inputId}
            className={styles.input}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button className={styles.button} type="submit" disabled={busy}>
          Find the operator
        </button>
      </form>
      <div aria-live="polite">{error && <p className={styles.error}>{error}</p>}</div>
    </PageShell>
  );
}
