import { lookupMessages } from '@app/contract/lookup-text';
import { Link, useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { ApiError } from '../../lib/api-client';
import { useSignLookup } from './api/lookup-sign';
import { signPath } from './format';
import styles from './lookup.module.css';
import { NotRegisteredText } from './not-registered-text';
import { useApiUrl } from './use-api-url';

/** /sign/{signRef}/print: the warning sign as an A4 or A3 PDF, made on the server. */
export function PrintPage() {
  const { signRef = '' } = useParams();
  const lookup = useSignLookup(signRef);
  const apiUrl = useApiUrl();
  const sign = lookup.data;
  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;

  return (
    <PageShell intro="A printable CCTV warning sign with your contact details, QR code and sign reference.">
      <div aria-live="polite">
        {lookup.isPending && <p>Looking up the sign…</p>}
        {notFound && <p className={styles.notice}>{lookupMessages.notFound}</p>}
        {sign && !sign.scheme && (
          <p className={styles.notice}>
            <NotRegisteredText />
          </p>
        )}
      </div>
      {sign?.scheme && (
        <section className={styles.card} aria-labelledby="print-heading">
          <h2 id="print-heading">
            Sign {sign.signRef}: {sign.scheme.operator}
          </h2>
          <p>
            Print at 100% on yellow or white paper. A4 suits doors and counters; A3 can be read from further
            away. The sign shows what the <Link to={signPath(sign.signRef)}>public page of this sign</Link>{' '}
            shows: to change it, edit the site in <Link to="/your-sites">your sites</Link> or your{' '}
            <Link to="/manage-contact">public contact details</Link>, then print again.
          </p>
          <div className={styles.actions}>
            {(['A4', 'A3'] as const).map((size) => (
              <a
                key={size}
                className={styles.button}
                href={apiUrl(`/api/signs/${encodeURIComponent(sign.signRef)}/print.pdf?size=${size}`)}
                target="_blank"
                rel="noopener"
              >
                {size} PDF
              </a>
            ))}
          </div>
        </section>
      )}
    </PageShell>
  );
}
