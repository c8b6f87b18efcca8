import { START_OVERLAY_MOST_MS, START_OVERLAY_MS } from '@app/brands/start';
import { type CSSProperties, useEffect, useState } from 'react';

/** SPEC.md section 9: the start-up overlay shows for 1 second (and again after a host change). */
export const PAGE_LOADER_MS = START_OVERLAY_MS;

/** True for PAGE_LOADER_MS after mount and after every change of `key`. */
export function useLoaderTimer(key: string): boolean {
  const [doneFor, setDoneFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDoneFor(key), PAGE_LOADER_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return doneFor !== key;
}

/** The start-up overlay, the same markup as the one index.html paints before the app runs. */
export function PageLoader() {
  // Read by global.css on a page the server drew: the overlay leaves by then even without the app.
  const style = { '--start-overlay-most': `${START_OVERLAY_MOST_MS}ms` } as CSSProperties;
  return (
    <div className="start-overlay" role="status" style={style}>
      <span className="start-spinner" aria-hidden="true" />
      <span className="start-text">Loading...</span>
    </div>
  );
}
