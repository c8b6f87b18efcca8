import { matchPage } from '@app/brands/pages';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useBrand } from '../../lib/brand';
import styles from './contact.module.css';
import { ContactForm } from './contact-form';

/** A small Union flag: the brand's team is in the UK (`contactUsDetails.showFlag`). */
function UkFlag() {
  return (
    <svg viewBox="0 0 60 30" width="36" height="18" aria-hidden="true" className={styles.flag}>
      <clipPath id="uk-flag-clip">
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <g clipPath="url(#uk-flag-clip)">
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" strokeWidth="2" />
        <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}

/**
 * /contact-us of every brand: the page heading, the brand's `contactUsDetails` text, its own
 * title over the form (`showHeader`, when it says more than the heading) and the form. A link
 * that asks for something (`?subject=Please send me IPCam Scout`) fills in the Subject field.
 */
export function ContactPage() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const subject = params.get('subject')?.trim() ?? '';
  const details = brand.contactUsDetails;
  const heading = matchPage(brand, '/contact-us')?.title;
  return (
    <PageShell intro={details.contactText}>
      {details.showFlag && (
        <p className={styles.flagNote}>
          <UkFlag />
          Our team is based in the United Kingdom.
        </p>
      )}
      {details.showHeader && details.title !== heading && (
        <h2 className={styles.formTitle}>{details.title}</h2>
      )}
      <ContactForm brand={brand} subject={subject} />
    </PageShell>
  );
}
