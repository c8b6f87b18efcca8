import {
  DESK_FILTERS,
  type DeskFilter,
  deskFilterLabels,
  requestKindLabels,
  requestStateLabels,
} from '@app/contract/request-lifecycle';
import type { DeskItem } from '@app/contract/requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/lazy-page';
import { PageShell } from '../../components/page-shell';
import { SignInGate } from '../../components/sign-in-gate';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { useSession } from '../../lib/session';
import { download } from './api/download';
import { deskQuery } from './api/get-desk';
import { notifyQuery } from './api/get-notify';
import { summaryQuery } from './api/get-summary';
import { putNotify } from './api/put-notify';
import { ExplainedDateText, failureText, OverwriteText } from './request-parts';
import styles from './requests.module.css';

const isFilter = (value: string | null): value is DeskFilter =>
  value !== null && (DESK_FILTERS as readonly string[]).includes(value);

function RequestCard({ item, today }: { item: DeskItem; today: string }) {
  return (
    <li className={styles.card}>
      <h2 className={styles.cardTitle}>
        <Link to={`/requests/${item.id}`}>
          <span className={styles.reference}>{item.reference}</span>
          <span className={styles.visuallyHidden}>:</span> {requestKindLabels[item.kind]}
        </Link>
      </h2>
      <p>
        {item.visitorName}, {item.siteName}
      </p>
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>{requestStateLabels[item.state]}</dd>
        {item.overwrite && (
          <>
            <dt>Footage overwritten</dt>
            <dd>
              <OverwriteText item={item} today={today} />
            </dd>
          </>
        )}
        <dt>Answer by</dt>
        <dd>
          <ExplainedDateText
            value={item.due}
            tag={item.overdue ? <span className={styles.tag}>Overdue</span> : null}
          />
        </dd>
        {item.acknowledgeBy && !item.acknowledged && (
          <>
            <dt>Acknowledge by</dt>
            <dd>
              <ExplainedDateText value={item.acknowledgeBy} />
            </dd>
          </>
        )}
      </dl>
      <p className={styles.next}>Next: {item.next}</p>
    </li>
  );
}

/** A master user's choice of who is told by mail of each new request. */
function NotifyUsers() {
  const queryClient = useQueryClient();
  const users = useQuery(notifyQuery);
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const save = useMutation({
    mutationFn: (ids: number[]) => putNotify(ids),
    onSuccess: (reply) => {
      queryClient.setQueryData(notifyQuery.queryKey, reply);
      setChosen(null);
    },
  });
  const outcomeRef = useFocusOutcome<HTMLParagraphElement>(
    save.isSuccess || save.isError ? save.submittedAt : 0,
  );

  if (users.isPending) return <p>Loading your company’s users…</p>;
  if (users.isError) return <p role="alert">{failureText(users.error)}</p>;
  const current = chosen ?? new Set(users.data.users.filter((u) => u.notified).map((u) => u.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate([...current]);
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="notify-heading">
      <fieldset className={styles.checks}>
        <legend className={styles.visuallyHidden}>Users told of new requests</legend>
        {users.data.users.map((user) => (
          <label key={user.id}>
            <input
              type="checkbox"
              checked={current.has(user.id)}
              onChange={(event) => {
                const next = new Set(current);
                if (event.target.checked) next.add(user.id);
                else next.delete(user.id);
                setChosen(next);
              }}
            />
            {user.userName}
            {user.masterUser && ' (master user)'}
          </label>
        ))}
      </fieldset>
      {save.isSuccess && (
        <p ref={outcomeRef} role="status" tabIndex={-1} className={styles.success}>
          Saved: {save.data.users.filter((u) => u.notified).length} of your users will be told of new
          requests.
        </p>
      )}
      {save.isError && (
        <p ref={outcomeRef} role="alert" tabIndex={-1} className={styles.error}>
          {failureText(save.error)}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={save.isPending}>
          Save who is told
        </button>
      </div>
    </form>
  );
}

function Desk({ filter, master }: { filter: DeskFilter; master: boolean }) {
  const desk = useQuery(deskQuery(filter));
  const [downloadError, setDownloadError] = useState<string>();
  // The totals come with the summary (also the menu's count), so the list is only the page it shows.
  const counts = useQuery(summaryQuery).data?.counts;

  return (
    <>
      <nav aria-label="Show requests">
        <ul className={styles.filters}>
          {DESK_FILTERS.map((value) => (
            <li key={value}>
              <Link to={`/requests?filter=${value}`} aria-current={value === filter ? 'page' : undefined}>
                {deskFilterLabels[value]}
                {counts && (
                  <>
                    {' '}
                    <span className={styles.count}>{counts[value]}</span>
                  </>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className={styles.visuallyHidden}>{deskFilterLabels[filter]}</h2>
      {desk.isPending && <PageLoading />}
      {desk.isError && (
        <p role="alert" className={styles.error}>
          {failureText(desk.error, 'Your requests could not be loaded. Please try again.')}
        </p>
      )}
      {desk.data?.requests.length === 0 && (
        <p className={styles.notice}>
          {filter === 'open'
            ? 'No open requests. When someone asks through one of your signs, their request appears here.'
            : `No requests: ${deskFilterLabels[filter].toLowerCase()}.`}
        </p>
      )}
      {desk.data && desk.data.requests.length > 0 && (
        <ul className={styles.cards} aria-label={`Requests: ${deskFilterLabels[filter]}`}>
          {desk.data.requests.map((item) => (
            <RequestCard key={item.id} item={item} today={desk.data.today} />
          ))}
        </ul>
      )}
      <p>
        <a
          href="/api/requests.csv"
          onClick={(event) => {
            event.preventDefault();
            setDownloadError(undefined);
            download('/api/requests.csv', 'requests.csv').catch((cause: unknown) =>
              setDownloadError(
                failureText(cause, 'The request log could not be downloaded. Please try again.'),
              ),
            );
          }}
        >
          Download the request log (CSV)
        </a>
      </p>
      {downloadError && (
        <p role="alert" className={styles.error}>
          {downloadError}
        </p>
      )}
      {master && (
        <section className={styles.card} aria-labelledby="notify-heading">
          <h2 id="notify-heading">Who is told of new requests</h2>
          <p className={styles.hint}>Each user ticked here gets an e-mail with a link to each new request.</p>
          <NotifyUsers />
        </section>
      )}
    </>
  );
}

/** /requests: the operator's request desk, most urgent first (overwrite date, then due date). */
export function DeskPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const asked = params.get('filter');
  const filter: DeskFilter = isFilter(asked) ? asked : 'open';

  return (
    <PageShell intro="Requests from the public about your cameras: save the footage before it is overwritten, and answer within the time the law allows.">
      {session.signedIn ? (
        <Desk filter={filter} master={session.master} />
      ) : (
        <SignInGate message="Please sign in to see your requests." />
      )}
    </PageShell>
  );
}
