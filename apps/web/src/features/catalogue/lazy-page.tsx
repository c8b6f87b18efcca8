import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import styles from './lazy-page.module.css';

/** Shown while a page's code arrives (the layout is already on screen). */
export function PageLoading() {
  return (
    <div className={styles.loading} aria-busy="true">
      <p>Loading…</p>
    </div>
  );
}

/**
 * A route element whose page component is loaded on demand: the brand's route group stays a
 * list of paths, and each page's code (with the Markdown renderer and the catalogue parts)
 * arrives only when a page needs it.
 *
 *   { path: '/', element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) }
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page {...(props ?? ({} as P))} />
    </Suspense>
  );
}

/** A page that is only its Markdown file (content/<brand>/pages/<slug>.md) and the sections it lists. */
export function contentPage(slug: string): ReactElement {
  return lazyPage(() => import('./components/content-page').then((m) => m.ContentPage), { slug });
}
