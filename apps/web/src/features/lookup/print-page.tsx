import { lookupMessages } from '@app/contract/lookup-text';
import { z } from '@app/contract/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useSiteLocation } from '../../lib/site-location';
import { useSignLookup } from './api/lookup-sign';
import { signPath } from './format';
import styles from './lookup.module.css';
import { NotRegisteredText } from './not-registered-text';
import { SignPreview } from './sign-preview';
import { useApiUrl } from './use-api-url';

const ownSite = z.object({ id: z.number() });

/**
 * Whether the person signed in here runs the site the sign is on: the API answers a site only to
 * its own company (404 to anyone else). Signed out, or not theirs, the page speaks to a visitor.
 */
function useOwnsSite(siteId: number | undefined): boolean {
  const { signedIn } = useSession();
  const site = useQuery({
    queryKey: ['print', 'own-site', siteId],
    queryFn: () => api.get(`/api/sites/${siteId}`, { schema: ownSite, clearSessionOnUnauthorized: false }),
    enabled: signedIn && siteId !== undefined,
    retry: false,
  });
  return signedIn && site.isSuccess;
}

/**
 * /sign/{signRef}/print: the warning sign as an A4 or A3 PDF, made on the server. Its owner (from
 * Manage signs) sees a preview of the printed sign and where to change it; a visitor (from the
 * sign's public page) is told what the page is for and that only the operator can change it.
 */
export function PrintPage() {
  const { signRef = '' } = useParams();
  const lookup = useSignLookup(signRef);
  const apiUrl = useApiUrl();
  const location = useSiteLocation();
  const sign = lookup.data;
  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
  const owner = useOwnsSite(sign?.scheme?.siteId);

  return (
    <PageShell
      intro={
        owner
          ? 'A printable CCTV warning sign with your contact details, QR code and sign reference.'
          : "A printable copy of this CCTV warning sign: who runs the cameras, how to reach them, and the QR code to the sign's page."
      }
    >
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
          {owner ? (
            <p>
              Print at 100% on yellow or white paper. A4 suits doors and counters; A3 can be read from further
              away. The sign shows what the <Link to={signPath(sign.signRef)}>public page of this sign</Link>{' '}
              shows: to change it, edit the site in <Link to="/your-sites">your sites</Link> or your{' '}
              <Link to="/manage-contact">public contact details</Link>, then print again.
            </p>
          ) : (
            <p>
              Print this sign to keep a note of who runs these cameras and how to reach them. Only the
              operator can change what it says.
            </p>
          )}
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
          {owner && (
            <SignPreview
              signRef={sign.signRef}
              scheme={sign.scheme}
              qrUrl={apiUrl(`/api/signs/${encodeURIComponent(sign.signRef)}/qr.svg`)}
              pageUrl={`${location.protocol}//${location.hostname}${location.port ? `:${location.port}` : ''}${signPath(sign.signRef)}`}
            />
          )}
        </section>
      )}
    </PageShell>
  );
}
