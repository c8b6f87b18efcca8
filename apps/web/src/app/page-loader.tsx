import { useEffect, useState } from 'react';
import styles from './page-loader.module.css';

/** SPEC.md section 9: the start-up overlay shows for 1 second (and again after a host change). */
export const PAGE_LOADER_MS = 1000;

/** True for PAGE_LOADER_MS after mount and after every change of `key`. */
export function useLoaderTimer(key: string): boolean {
  const [doneFor, setDoneFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDoneFor(key), PAGE_LOADER_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return doneFor !== key;
}

export function PageLoader() {
  return (
    <div className={styles.overlay} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.text}>Loading...</span>
    </div>
  );
}
