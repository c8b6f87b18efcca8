import { formatUkDate } from '@app/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { summaryQuery } from './api/get-summary';
import styles from './requests.module.css';

/** "N open requests; the nearest deadline: ...", linking to the desk and to that request. */
export function SummaryPanel() {
  const summary = useQuery(summaryQuery);
  // Nothing open, nothing to say: the sites stay where the operator expects them.
  if (!summary.data || summary.data.counts.open === 0) return null;
  const { counts, nearest } = summary.data;
  const open = counts.open === 1 ? '1 open request' : `${counts.open} open requests`;
  return (
    <section className={`${styles.notice} ${styles.section}`} aria-labelledby="requests-summary-title">
      <h2 id="requests-summary-title">Requests from the public</h2>
      <p>
        {open}
        {counts.overdue > 0 && <strong>, {counts.overdue} overdue</strong>}
        {nearest && (
          <>
            ; the nearest deadline: {nearest.what}, {formatUkDate(nearest.date)} (
            <Link className={styles.reference} to={`/requests/${nearest.id}`}>
              {nearest.reference}
            </Link>
            )
          </>
        )}
        .
      </p>
      <p>
        <Link to="/requests">Open the request desk</Link>
      </p>
    </section>
  );
}
