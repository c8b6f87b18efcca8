import { formatUkDate } from '@app/contract/dates';
import type { RelayRequest } from '@app/contract/lookup';
import { relayKindLabels } from '@app/contract/lookup-text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { SignInGate } from '../../components/sign-in-gate';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useRelayRequests } from './api/get-requests';
import { markAnswered } from './api/mark-answered';
import { signPath } from './format';
import styles from './lookup.module.css';

function DateCell({ date, near, label }: { date: string | null; near: boolean; label: string }) {
  if (!date) return <>—</>;
  return (
    <>
      {formatUkDate(date)}
      {near && <span className={styles.near}>{label}</span>}
    </>
  );
}

/** Whether the operator has answered: the date, and a button to change it. */
function AnsweredCell({ request }: { request: RelayRequest }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (answered: boolean) => markAnswered(request.id, answered),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: ['relay-requests'] });
      notify.success(
        updated.answeredAt ? `${updated.reference} marked answered.` : `${updated.reference} is open again.`,
      );
    },
    onError: (error) =>
      notify.error(
        (error instanceof ApiError && error.serverMessage) ||
          'The request could not be changed. Please try again.',
      ),
  });
  const answered = request.answeredAt !== null;
  return (
    <>
      {request.answeredAt ? <>Answered {formatUkDate(request.answeredAt)}</> : 'Open'}
      <br />
      <button
        type="button"
        className={styles.secondary}
        disabled={change.isPending}
        onClick={() => change.mutate(!answered)}
      >
        {answered ? 'Reopen' : 'Mark answered'}{' '}
        <span className={styles.visuallyHidden}>{request.reference}</span>
      </button>
    </>
  );
}

/** /requests: what visitors asked through the register, with the dates the operator must keep. */
export function RequestsPage() {
  const session = useSession();
  const requests = useRelayRequests(session.signedIn);

  return (
    <PageShell intro="Messages from the public about your signs: answer requests for footage within one calendar month, before the recording is overwritten.">
      {!session.signedIn && <SignInGate message="Please sign in to see your requests." />}
      {requests.isPending && session.signedIn && <p>Loading your requests…</p>}
      {requests.isError && (
        <p className={styles.error}>Your requests could not be loaded. Please try again.</p>
      )}
      {requests.data?.length === 0 && (
        <p className={styles.notice}>No one has contacted you through the register yet.</p>
      )}
      {requests.data && requests.data.length > 0 && (
        <section
          className={styles.tableWrap}
          aria-label="Requests from the public"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className={styles.table} aria-label="Requests from the public">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Request</th>
                <th scope="col">From</th>
                <th scope="col">Answer by</th>
                <th scope="col">Footage overwritten</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{r.reference}</th>
                  <td>{formatUkDate(r.receivedAt)}</td>
                  <td>
                    <strong>{relayKindLabels[r.kind]}</strong>
                    <br />
                    {r.signRef ? <Link to={signPath(r.signRef)}>{r.siteName}</Link> : r.siteName}
                    {r.kind === 'footage' && r.footageDate && (
                      <>
                        <br />
                        {formatUkDate(r.footageDate)}, {r.timeFrom}–{r.timeTo}
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
                  <td>
                    <AnsweredCell request={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </PageShell>
  );
}
