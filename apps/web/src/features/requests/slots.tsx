import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';
import type { RequestFormProps } from './request-form';

// What the request desk shows inside other features' pages, composed where the routes are put
// together (features never import each other). Each part's code arrives when it is first drawn, so
// none of it weighs on the pages it sits in.

const LazyRequestForm = lazy(() => import('./request-form').then((m) => ({ default: m.RequestForm })));
const LazyMenuCount = lazy(() => import('./menu-count').then((m) => ({ default: m.MenuCount })));
const LazySummaryPanel = lazy(() => import('./summary-panel').then((m) => ({ default: m.SummaryPanel })));

/** The request form on a sign's page. */
export function RequestFormSlot(props: RequestFormProps) {
  return (
    <Suspense fallback={<p>Loading the form…</p>}>
      <LazyRequestForm {...props} />
    </Suspense>
  );
}

/** The counts beside the "Requests" menu entry, for a signed-in operator. */
export function RequestsMenuCount() {
  const session = useSession();
  if (!session.signedIn) return null;
  return (
    <Suspense fallback={null}>
      <LazyMenuCount />
    </Suspense>
  );
}

/** Open requests and the nearest deadline, on the page an operator lands on after sign-in. */
export function RequestsSummaryPanel() {
  return (
    <Suspense fallback={null}>
      <LazySummaryPanel />
    </Suspense>
  );
}
