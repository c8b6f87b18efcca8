import { useQuery } from '@tanstack/react-query';
import { summaryQuery } from './api/get-summary';
import styles from './requests.module.css';

/** Beside the menu entry: how many requests are open, and how many overdue (none shown when none are open). */
export function MenuCount() {
  const summary = useQuery(summaryQuery);
  const counts = summary.data?.counts;
  if (!counts || counts.open === 0) return null;
  const overdue = counts.overdue > 0 ? `, ${counts.overdue} overdue` : '';
  return (
    <span className={styles.menuCount}>
      <span aria-hidden="true">{counts.open}</span>
      <span className={styles.visuallyHidden}>
        , {counts.open} open{overdue}
      </span>
    </span>
  );
}
