import { lookupMessages, SEARCH_TERM_MIN } from '@app/contract/lookup-text';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { SchemeDetails } from '../../components/scheme-details';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { recordSearch } from './api/record-search';
import { useSchemeSearch } from './api/search-schemes';
import { signPath } from './format';
import styles from './lookup.module.css';

/** /search: schemes by company name, site name, town or postcode; 20 a page. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [term, setTerm] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const search = useSchemeSearch(q, page);
  // Each search the visitor asks for (a submit, another page) moves focus to what it found.
  const [asked, setAsked] = useState(0);
  const answered = asked > 0 && (error !== null || !search.isFetching);
  const outcomeRef = useFocusOutcome<HTMLDivElement>(answered ? asked : 0);

  useEffect(() => setTerm(q), [q]);
  useEffect(() => {
    if (q && page === 1) recordSearch(q, null);
  }, [q, page]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    setAsked((n) => n + 1);
    if (value.length < SEARCH_TERM_MIN) {
      setError(lookupMessages.termTooShort);
      return;
    }
    setError(null);
    setParams({ q: value });
  }

  const goTo = (next: number) => {
    setAsked((n) => n + 1);
    setParams({ q, page: String(next) });
  };
  const results = search.data?.results ?? [];

  return (
    <PageShell intro="Search the register for a CCTV scheme operator.">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Search the register">
        <div className={styles.field}>
          <label className={styles.label} htmlFor={inputId}>
            Company, site, town or postcode
          </label>
          <input
            id={inputId}
            className={styles.input}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            maxLength={100}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button className={styles.button} type="submit">
          Search
        </button>
      </form>
      <div aria-live="polite" ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
        {error && <p className={styles.error}>{error}</p>}
        {search.isError && <p className={styles.error}>The search failed. Please try again in a moment.</p>}
        {q && search.isSuccess && results.length === 0 && (
          <p className={styles.notice}>
            No scheme matches “{q}”. Try the town, the postcode or part of the name.
          </p>
        )}
        {results.length > 0 && (
          <h2>
            Results for “{q}”{page > 1 ? `, page ${page}` : ''}
          </h2>
        )}
      </div>
      <ul className={styles.results}>
        {results.map((scheme) => (
          <li key={scheme.siteId} className={styles.card}>
            <h3>
              {scheme.signRef ? (
                <Link to={signPath(scheme.signRef)}>{scheme.operator}</Link>
              ) : (
                scheme.operator
              )}
            </h3>
            <SchemeDetails scheme={scheme} />
            {scheme.signRef && scheme.contact.relay && (
              <div className={styles.actions}>
                <Link className={styles.secondary} to={`${signPath(scheme.signRef)}/contact#contact`}>
                  Contact the operator
                </Link>
              </div>
            )}
          </li>
        ))}
      </ul>
      {(page > 1 || search.data?.hasMore) && (
        <nav className={styles.actions} aria-label="Result pages">
          {page > 1 && (
            <button type="button" className={styles.secondary} onClick={() => goTo(page - 1)}>
              Previous page
            </button>
          )}
          {search.data?.hasMore && (
            <button type="button" className={styles.secondary} onClick={() => goTo(page + 1)}>
              Next page
            </button>
          )}
        </nav>
      )}
    </PageShell>
  );
}
