import { START_OVERLAY_MOST_MS, START_OVERLAY_MS } from '@app/brands/start';
import { type CSSProperties, useEffect, useState } from 'react';

/** SPEC.md section 9: the start-up overlay shows for 1 second (and again after a host change). */
export const PAGE_LOADER_MS = START_OVERLAY_MS;

/**
 * True for PAGE_LOADER_MS after mount and after every change of `key`. On a page the server drew
 * (`drawn`), the first second counts from when the page arrived, as the overlay has stood over it
 * since then: the app taking the page over late does not add a second.
 */
export function useLoaderTimer(key: string, drawn = false): boolean {
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [firstKey] = useState(key);
  useEffect(() => {
    const elapsed = drawn && key === firstKey ? performance.now() : 0;
    const timer = setTimeout(() => setDoneFor(key), Math.max(0, PAGE_LOADER_MS - elapsed));
    return () => clearTimeout(timer);
  }, [key, drawn, firstKey]);
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
