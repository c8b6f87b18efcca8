import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import styles from './lazy-page.module.css';

/** Shown while a page's code and words arrive (the layout is already on screen). */
export function PageLoading() {
  return (
    <div className={styles.loading} aria-busy="true">
      <p>Loading…</p>
    </div>
  );
}

/**
 * A route element whose page is loaded on demand, so the brand's route group stays a list of
 * paths. Navigations run in a transition: the previous page stays until the next is ready.
 *
 *   { path: '/faqs', element: lazyPage(async () => { ...; return () => <FaqPage source={s} /> }) }
 */
export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
