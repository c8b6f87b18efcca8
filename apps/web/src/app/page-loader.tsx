import { START_OVERLAY_MS } from '@app/brands/start';
import { useEffect, useRef, useState } from 'react';

/** SPEC.md section 9: the start-up overlay shows for 1 second (and again after a host change). */
export const PAGE_LOADER_MS = START_OVERLAY_MS;

/**
 * What is left of the overlay's second over a page the server drew: its CSS counts from the page's
 * first paint (global.css), so the app, starting later, keeps it no longer than that.
 */
export function overlayLeftOfDrawnPage(): number {
  const paint = performance.getEntriesByName('first-paint')[0]?.startTime;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const drawnAt = paint ?? navigation?.responseEnd ?? 0;
  return Math.max(0, PAGE_LOADER_MS - (performance.now() - drawnAt));
}

/**
 * True for `firstFor` ms after mount (default PAGE_LOADER_MS), and for PAGE_LOADER_MS after every
 * change of `key`. True on the first render whatever is left, so a drawn page hydrates as drawn.
 */
export function useLoaderTimer(key: string, firstFor = PAGE_LOADER_MS): boolean {
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    const ms = first.current ? firstFor : PAGE_LOADER_MS;
    first.current = false;
    if (ms <= 0) {
      setDoneFor(key);
      return;
    }
    const timer = setTimeout(() => setDoneFor(key), ms);
    return () => clearTimeout(timer);
  }, [key, firstFor]);
  return doneFor !== key;
}

/** The start-up overlay, the same markup as the one index.html paints before the app runs. */
export function PageLoader() {
  return (
    <div className="start-overlay" role="status">
      <span className="start-spinner" aria-hidden="true" />
      <span className="start-text">Loading...</span>
    </div>
  );
}
