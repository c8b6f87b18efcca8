import { lookupMessages } from '@app/contract/lookup-text';
import { type ComponentType, useEffect, useRef } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { SchemeDetails } from '../../components/scheme-details';
import { ApiError } from '../../lib/api-client';
import { useSignLookup } from './api/lookup-sign';
import { recordSearch } from './api/record-search';
import { useSignQr } from './api/sign-qr';
import { signPath } from './format';
import styles from './lookup.module.css';
import { NotRegisteredText } from './not-registered-text';
import { useApiUrl } from './use-api-url';

/** What the sign's page gives the form that contacts the operator (composed by the brand's routes). */
export interface ContactFormProps {
  signRef: string;
  siteName: string;
  /** Days the site's recorder keeps footage; null when the operator has not said. */
  retentionDays: number | null;
  /** Why the server could not send what the form posted without scripts, if it could not. */
  problem?: string | undefined;
}

/** The server's answers to the form it posted for a page whose scripts had not arrived (?problem=). */
const postProblems: Record<string, string> = {
  invalid:
    'Your request was not sent: some details were missing or not valid. Please fill in the form again.',
  busy: 'Your request was not sent: too many requests have come from here. Please try again later.',
  failed: 'Your request could not be sent. Please try again.',
};

/** Which part of a sign's page: the page itself, its contact form opened, or the form's "sent". */
export type SignPart = 'page' | 'contact' | 'sent';

/**
 * /sign/{signRef}: where the sign's QR code lands. Who runs the scheme and how to reach them, and
 * the form that contacts them, which the brand's routes pass in. "Contact the operator" is a link
 * to /sign/{signRef}/contact, the same page with the form open, which the server draws too: a tap
 * before the page's scripts arrive opens it all the same (docs/decisions/0049).
 */
export function SignPage({
  contactForm: ContactForm,
  part = 'page',
}: {
  contactForm: ComponentType<ContactFormProps>;
  part?: SignPart;
}) {
  const { signRef = '' } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const lookup = useSignLookup(signRef);
  const apiUrl = useApiUrl();
  const contactOpen = part === 'contact' || location.hash === '#contact';
  const problem = postProblems[searchParams.get('problem') ?? ''];
  const contactRef = useRef<HTMLElement>(null);
  const opened = useRef(false);
  const recorded = useRef(Boolean((location.state as { recorded?: boolean } | null)?.recorded));

  // A scan of the QR code (or a shared link) is a look-up too; the search page has recorded its own.
  useEffect(() => {
    if (recorded.current || !lookup.isFetched) return;
    recorded.current = true;
    recordSearch(signRef, lookup.data?.id ?? null);
  }, [lookup.isFetched, lookup.data, signRef]);

  // Opened by a tap in the app (not drawn so by the server): the form takes focus, in view.
  useEffect(() => {
    if (!contactOpen || !lookup.data) {
      opened.current = false;
      return;
    }
    if (opened.current) return;
    opened.current = true;
    if (location.key !== 'default') contactRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [contactOpen, lookup.data, location.key]);

  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
  const sign = lookup.data;
  const scheme = sign?.scheme;
  const encoded = encodeURIComponent(sign?.signRef ?? signRef);

  return (
    <PageShell
      title={scheme ? scheme.operator : undefined}
      intro={
        sign ? (
          <>
            Sign reference <strong>{sign.signRef}</strong>
          </>
        ) : (
          'Who runs the cameras, and how to reach them.'
        )
      }
    >
      <div aria-live="polite">
        {lookup.isPending && <p>Looking up the sign…</p>}
        {notFound && (
          <div className={styles.notice}>
            <p>{lookupMessages.notFound}</p>
            <p>
              <Link to="/search-scheme">Look up another reference</Link> or{' '}
              <Link to="/search">search by name or town</Link>.
            </p>
          </div>
        )}
        {lookup.isError && !notFound && (
          <p className={styles.error}>The sign could not be looked up. Please try again.</p>
        )}
        {sign && !scheme && (
          <div className={styles.notice}>
            <p>
              <NotRegisteredText />
            </p>
            <p>
              If this is your sign, <Link to="/">register it</Link> with its reference and prefix number.
            </p>
          </div>
        )}
      </div>
      {sign && scheme && (
        <>
          <section className={styles.card} aria-labelledby="scheme-heading">
            <h2 id="scheme-heading">The scheme</h2>
            <SchemeDetails scheme={scheme} />
            {scheme.contact.relay && part === 'page' && (
              <div className={styles.actions}>
                <Link className={styles.button} to={`${signPath(sign.signRef)}/contact#contact`}>
                  Contact the operator
                </Link>
                <Link className={styles.secondary} to={`${signPath(sign.signRef)}/official`}>
                  I am from the police, an insurer or a solicitor
                </Link>
              </div>
            )}
          </section>
          {scheme.contact.relay && part === 'sent' && (
            <section id="contact" className={styles.card} aria-labelledby="contact-sent">
              <div className={styles.notice} role="status">
                <h2 id="contact-sent">Request sent</h2>
                <p>
                  Your request has been sent to the operator. An e-mail with your reference and a copy of your
                  request is on its way to you, with a private link to your request’s page.
                </p>
              </div>
            </section>
          )}
          {scheme.contact.relay && contactOpen && part !== 'sent' && (
            <section id="contact" ref={contactRef} className={styles.card}>
              <ContactForm
                signRef={sign.signRef}
                siteName={scheme.siteName}
                retentionDays={scheme.retentionDays}
                problem={problem}
              />
            </section>
          )}
          <section className={styles.card} aria-labelledby="qr-heading">
            <h2 id="qr-heading">QR code of this page</h2>
            <div className={styles.qr}>
              <SignQr signRef={sign.signRef} />
              <div className={styles.actions}>
                <a className={styles.secondary} href={apiUrl(`/api/signs/${encoded}/qr.png`)} download>
                  Download the QR code (PNG)
                </a>
                <Link className={styles.secondary} to={`${signPath(sign.signRef)}/print`}>
                  Print this sign
                </Link>
              </div>
            </div>
          </section>
        </>
      )}
    </PageShell>
  );
}

/**
 * The sign's QR code, from the SVG the server drew the page with (no image to fetch); should that
 * fail, the browser fetches the image itself. Its box is kept while it loads.
 */
function SignQr({ signRef }: { signRef: string }) {
  const qr = useSignQr(signRef);
  const apiUrl = useApiUrl();
  const alt = `QR code linking to the page of sign ${signRef}`;
  if (qr.isPending) return <span className={styles.qrPending} />;
  const src = qr.data
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data)}`
    : apiUrl(`/api/signs/${encodeURIComponent(signRef)}/qr.svg`);
  return <img src={src} alt={alt} width={160} height={160} />;
}
