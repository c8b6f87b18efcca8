import { lazy, Suspense } from 'react';
import type { FootageSectionProps } from './footage-section';
import type { VisitorFootageProps } from './visitor-footage';

// What the disclosures feature shows inside other features' pages, composed where the routes are
// put together (features never import each other). Its code, and the tus client it loads on the
// first upload, arrive only when a request's page draws it.

const LazyFootageSection = lazy(() =>
  import('./footage-section').then((m) => ({ default: m.FootageSection })),
);
const LazyReleaseSection = lazy(() =>
  import('./release-section').then((m) => ({ default: m.ReleaseSection })),
);
const LazyVisitorFootage = lazy(() =>
  import('./visitor-footage').then((m) => ({ default: m.VisitorFootage })),
);

/** "Footage and stills" on a request's page, then "Release to the visitor" of those files. */
export function RequestFilesSlot(props: FootageSectionProps) {
  return (
    <Suspense fallback={<p aria-busy="true">Loading the footage and stills…</p>}>
      <LazyFootageSection {...props} />
      <LazyReleaseSection {...props} />
    </Suspense>
  );
}

/** "Your footage" on the visitor's private page, once something has been released to them. */
export function VisitorFootageSlot(props: VisitorFootageProps) {
  return (
    <Suspense fallback={null}>
      <LazyVisitorFootage {...props} />
    </Suspense>
  );
}
