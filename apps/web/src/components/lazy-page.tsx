import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { PageLive } from '../lib/page-live';
import styles from './lazy-page.module.css';

/**
 * Shown while a page's code or data arrives (the layout is already on screen). Being busy, it keeps
 * the footer out of sight until the page is there (app-layout.module.css).
 */
export function PageLoading() {
  return (
    <div className={styles.loading} aria-busy="true">
      <p>Loading…</p>
    </div>
  );
}

/**
 * A route element whose page is loaded on demand, so a route group stays a list of paths and each
 * page's code arrives only when the page is opened. Navigations run in a transition: the previous
 * page stays until the next is ready.
 *
 *   { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) }
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page {...(props ?? ({} as P))} />
      <PageLive />
    </Suspense>
  );
}
