import { formatUkDate } from '@app/contract/dates';
import type { DisclosureLogEntry, DisclosureLogKind } from '@app/contract/disclosure-log';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { SignInGate } from '../../components/sign-in-gate';
import { useSession } from '../../lib/session';
import { failureText } from './file-card';
import { formatBytes } from './format';
import { disclosureLogQuery, downloadLogCsv, LOG_CSV_PATH } from './log-api';
import styles from './log-page.module.css';

const kindLabels: Record<DisclosureLogKind, string> = {
  released: 'Released to the requester',
  third_party_disclosed: 'Disclosed to a third party',
  third_party_declined: 'Third party declined',
  handed_over_outside: 'Handed over outside the register',
};

const stateLabels: Record<DisclosureLogEntry['state'], string> = {
  available: 'Available',
  expired: 'Expired',
  revoked: 'Revoked',
  declined: 'Declined',
  recorded: 'Recorded',
};

/** When the entry ended, or ends, in words. */
function Ended({ entry }: { entry: DisclosureLogEntry }) {
  if (entry.revokedAt) {
    return (
      <>
        Revoked {formatUkDate(entry.revokedAt)}
        {entry.revokedBy && ` by ${entry.revokedBy}`}
      </>
    );
  }
  if (entry.expiresAt) {
    return (
      <>
        {entry.state === 'expired' ? 'Expired' : 'Expires'} {formatUkDate(entry.expiresAt)}
      </>
    );
  }
  return <>{stateLabels[entry.state]}</>;
}

function Items({ entry }: { entry: DisclosureLogEntry }) {
  if (entry.items.length === 0) return <>Nothing</>;
  return (
    <ul className={styles.items}>
      {entry.items.map((item, i) => (
        // Names repeat (two clips of one name released twice), positions do not.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={i}>
          <span className={styles.filename}>{item.filename}</span>
          {item.sizeBytes !== null && <span className={styles.size}> ({formatBytes(item.sizeBytes)})</span>}
          {item.sha256 && (
            <span className={styles.hash}>
              <span className={styles.label}>SHA-256 </span>
              <code>{item.sha256}</code>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Row({ entry }: { entry: DisclosureLogEntry }) {
  return (
    <tr>
      <th scope="row" data-label="Date">
        <span className={styles.date}>{formatUkDate(entry.at)}</span>
        <span className={styles.kind}>{kindLabels[entry.kind]}</span>
        <Link to={`/requests/${entry.requestId}`} className={styles.reference}>
          {entry.reference}
        </Link>
      </th>
      <td data-label="Recipient">
        {entry.recipient}
        {entry.organisation && <span className={styles.organisation}>{entry.organisation}</span>}
      </td>
      <td data-label="Legal basis">
        {entry.legalBasis || 'Not recorded'}
        {entry.note && <span className={styles.note}>{entry.note}</span>}
      </td>
      <td data-label="What was disclosed">
        <Items entry={entry} />
      </td>
      <td data-label="Authorised by">{entry.authorisedBy}</td>
      <td data-label="Ended">
        <Ended entry={entry} />
      </td>
      <td data-label="Downloads">{entry.downloads ?? 'Not through the register'}</td>
    </tr>
  );
}

function Log() {
  const log = useQuery(disclosureLogQuery);
  const [downloadError, setDownloadError] = useState<string>();

  if (log.isPending) {
    return (
      <p className={styles.notice} aria-busy="true">
        Loading the disclosure log…
      </p>
    );
  }
  if (log.isError) {
    return (
      <p role="alert" className={styles.error}>
        {failureText(log.error)}
      </p>
    );
  }
  const { entries, total } = log.data;
  return (
    <>
      <p className={styles.download}>
        <a
          href={LOG_CSV_PATH}
          download="disclosure-log.csv"
          className={styles.button}
          onClick={(event) => {
            event.preventDefault();
            setDownloadError(undefined);
            downloadLogCsv().catch((cause: unknown) => setDownloadError(failureText(cause)));
          }}
        >
          Download CSV
        </a>
        <span className={styles.hint}>
          {total === 1 ? 'One entry' : `${total} entries`}
          {total > entries.length && `, the newest ${entries.length} shown here: the CSV has them all`}.
        </span>
      </p>
      {downloadError && (
        <p role="alert" className={styles.error}>
          {downloadError}
        </p>
      )}
      {entries.length === 0 ? (
        <p className={styles.notice}>
          Nothing disclosed yet. When you release footage to someone who asked for it, or decide on a request
          from the police, an insurer or a solicitor, it is recorded here.
        </p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>Disclosures and decisions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Recipient</th>
                <th scope="col">Legal basis</th>
                <th scope="col">What was disclosed</th>
                <th scope="col">Authorised by</th>
                <th scope="col">Ended</th>
                <th scope="col">Downloads</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <Row key={entry.key} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** /company/disclosure-log: every disclosure and third-party decision of the company (master users). */
export function LogPage() {
  const session = useSession();
  return (
    <PageShell intro="Every disclosure of your footage and every decision on a third party’s request: to whom, why, what with its SHA-256, who authorised it and when it ended.">
      {!session.signedIn ? (
        <SignInGate message="Please sign in to see your disclosure log." />
      ) : session.master ? (
        <Log />
      ) : (
        <p className={styles.notice}>Only a master user of your company can see the disclosure log.</p>
      )}
    </PageShell>
  );
}
