import { formatUkDate } from '@app/contract/dates';
import type { Scheme } from '@app/contract/lookup';
import { lookupMessages } from '@app/contract/lookup-text';
import { retentionText } from '@app/contract/retention';
import styles from './scheme-details.module.css';

/** What the public sees of a scheme: who runs it, why, for how long, and how to reach them. */
export function SchemeDetails({ scheme }: { scheme: Scheme }) {
  const { contact } = scheme;
  const place = [scheme.siteName, scheme.town, scheme.postcode].filter(Boolean).join(', ');
  return (
    <dl className={styles.facts}>
      <dt>Operator</dt>
      <dd>{scheme.operator}</dd>
      <dt>Site</dt>
      <dd>{place}</dd>
      <dt>Purpose</dt>
      <dd>{scheme.purpose || 'Not given'}</dd>
      <dt>Recordings kept</dt>
      <dd>{retentionText(scheme.retentionDays)}</dd>
      {contact.phone && (
        <>
          <dt>Telephone</dt>
          <dd>
            <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
          </dd>
        </>
      )}
      {contact.email && (
        <>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </>
      )}
      {contact.address && (
        <>
          <dt>Address</dt>
          <dd>{contact.address}</dd>
        </>
      )}
      {contact.contactText && (
        <>
          <dt>How to contact</dt>
          <dd>{contact.contactText}</dd>
        </>
      )}
      <dt>Details confirmed</dt>
      <dd>
        {scheme.detailsConfirmedAt ? formatUkDate(scheme.detailsConfirmedAt) : 'Not yet confirmed'}
        {scheme.mayBeOutOfDate && <span className={styles.stale}>{lookupMessages.mayBeOutOfDate}</span>}
      </dd>
    </dl>
  );
}
