import { lazy, Suspense } from 'react';
import type { FootageSectionProps } from './footage-section';

// What the disclosures feature shows inside other features' pages, composed where the routes are
// put together (features never import each other). Its code, and the tus client it loads on the
// first upload, arrive only when a request's page draws it.

const LazyFootageSection = lazy(() =>
  import('./footage-section').then((m) => ({ default: m.FootageSection })),
);

/** "Footage and stills" on a request's page. */
export function RequestFilesSlot(props: FootageSectionProps) {
  return (
    <Suspense fallback={<p aria-busy="true">Loading the footage and stills…</p>}>
      <LazyFootageSection {...props} />
    </Suspense>
  );
}
