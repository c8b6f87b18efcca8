import { lookupMessages } from '@app/contract/lookup-text';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { ApiError } from '../../lib/api-client';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { serverDoneKeys } from '../../lib/route-handle';
import { lookupSign } from './api/lookup-sign';
import { recordSearch } from './api/record-search';
import { signPath } from './format';
import styles from './lookup.module.css';

const searchFailed = 'The search failed. Please try again.';

/**
 * /search-scheme: one box for the reference on the sign, straight to the sign's page.
 * `/search-scheme?ref=X` (the home page's look-up box, a shared link) looks X up at once: the
 * sign's page replaces this one, or the box keeps X and says that no sign has it.
 */
export function SearchSchemePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = (params.get('ref') ?? '').slice(0, 40);
  const inputId = useId();
  const hintId = useId();
  // The server answered `?ref=` already (it found no sign) when it drew this page.
  const answeredByServer =
    useQueryClient().getQueryData(serverDoneKeys.refNotFound(asked)) === true && asked.trim() !== '';
  const [term, setTerm] = useState(asked);
  const [error, setError] = useState<string | null>(answeredByServer ? lookupMessages.notFound : null);
  const [busy, setBusy] = useState(false);
  const [answers, setAnswers] = useState(0);
  const errorRef = useFocusOutcome<HTMLParagraphElement>(answers);
  const started = useRef<string | null>(null);

  async function find(value: string, fromLink: boolean) {
    setBusy(true);
    setError(null);
    try {
      const sign = await lookupSign(value);
      recordSearch(value, sign.id);
      navigate(signPath(sign.signRef), { state: { recorded: true }, replace: fromLink });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 404) {
        recordSearch(value, null);
        setError(lookupMessages.notFound);
      } else {
        setError(cause instanceof ApiError ? (cause.serverMessage ?? searchFailed) : searchFailed);
      }
      setAnswers((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  // Once per reference in the address (`find` uses only state setters and the router).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new reference only
  useEffect(() => {
    const value = asked.trim();
    if (!value || started.current === value) return;
    started.current = value;
    // The server's page already says no sign has it; the look-up is counted here, as below.
    if (answeredByServer) {
      recordSearch(value, null);
      return;
    }
    setTerm(asked);
    void find(value, true);
  }, [asked]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    if (!value) {
      setError('Please enter the reference on the sign.');
      setAnswers((n) => n + 1);
      return;
    }
    void find(value, false);
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
            name="ref"
            className={styles.input}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby={error ? `${hintId} ${inputId}-error` : hintId}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button className={styles.button} type="submit" disabled={busy}>
          Find the operator
        </button>
      </form>
      <div aria-live="polite">
        {busy && <p>Looking up the sign…</p>}
        {error && (
          <p ref={errorRef} id={`${inputId}-error`} className={styles.error} tabIndex={-1}>
            {error}
          </p>
        )}
      </div>
    </PageShell>
  );
}
