import { relayKindLabels } from '@app/contract/lookup';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useSession } from '../../lib/session';
import { useRelayRequests } from './api/get-requests';
import { formatDate, signPath } from './format';
import styles from './lookup.module.css';

function DateCell({ date, near, label }: { date: string | null; near: boolean; label: string }) {
  if (!date) return <>—</>;
  return (
    <>
      {formatDate(date)}
      {near && <span className={styles.near}>{label}</span>}
    </>
  );
}

/** /requests: what visitors asked through the register, with the dates the operator must keep. */
export function RequestsPage() {
  const session = useSession();
  const requests = useRelayRequests(session.signedIn);

  return (
    <PageShell intro="Messages from the public about your signs: answer requests for footage within one calendar month, before the recording is overwritten.">
      {!session.signedIn && <p className={styles.notice}>Please sign in to see your requests.</p>}
      {requests.isPending && session.signedIn && <p>Loading your requests…</p>}
      {requests.isError && (
        <p className={styles.error}>Your requests could not be loaded. Please try again.</p>
      )}
      {requests.data?.length === 0 && (
        <p className={styles.notice}>No one has contacted you through the register yet.</p>
      )}
      {requests.data && requests.data.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Requests from the public">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Request</th>
                <th scope="col">From</th>
                <th scope="col">Answer by</th>
                <th scope="col">Footage overwritten</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.reference}</th>
                  <td>{formatDate(r.receivedAt)}</td>
                  <td>
                    <strong>{relayKindLabels[r.kind]}</strong>
                    <br />
                    {r.signRef ? <Link to={signPath(r.signRef)}>{r.siteName}</Link> : r.siteName}
                    {r.kind === 'footage' && r.footageDate && (
                      <>
                        <br />
                        {formatDate(r.footageDate)}, {r.timeFrom}–{r.timeTo}
                        {r.location && `, ${r.location}`}
                        <br />
                        {r.description}
                      </>
                    )}
                    {r.message && (
                      <>
                        <br />
                        {r.message}
                      </>
                    )}
                  </td>
                  <td>
                    {r.visitorName}
                    <br />
                    <a href={`mailto:${r.visitorEmail}?subject=${encodeURIComponent(r.reference)}`}>
                      {r.visitorEmail}
                    </a>
                  </td>
                  <td>
                    <DateCell date={r.dueDate} near={r.dueSoon} label="Due soon" />
                  </td>
                  <td>
                    <DateCell date={r.overwriteDate} near={r.overwriteSoon} label="Soon" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageShell>
  );
}
