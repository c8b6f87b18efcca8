import { matchPage } from '@app/brands/pages';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { Link, useLocation } from 'react-router';
import { PageShell } from '../../../components/page-shell';
import { ApiError } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import styles from './catalogue.module.css';

export interface NotFoundInfo {
  /** The heading, e.g. "DVR model not found". */
  title: string;
  /** One sentence saying what was not found. */
  text: string;
  /** Where to go instead, e.g. the list the item would have been in. */
  backTo: string;
  backLabel: string;
}

/** The page for a name or number that matches nothing: a heading, why, and a way back. */
export function CatalogueNotFound({ title, text, backTo, backLabel }: NotFoundInfo) {
  return (
    <PageShell title={title} intro={text}>
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
    </PageShell>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A page fed by a content query: while loading, the page's heading and a loading line; when the
 * server says 404, the not-found page; on any other failure, a message and a retry button.
 */
export function QueryView<T>({
  query,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  notFound: NotFoundInfo;
  children: (data: T) => ReactNode;
}) {
  const brand = useBrand();
  const { pathname } = useLocation();
  // The query's store updates synchronously; the page built from arriving data is rendered in the
  // background, in short slices, so a slow phone stays responsive while it renders.
  const data = useDeferredValue(query.data);
  // Data already shown stays shown when a later refetch fails.
  if (data !== undefined) return children(data);
  if (query.isError && isNotFound(query.error)) return <CatalogueNotFound {...notFound} />;
  const description = matchPage(brand, pathname)?.description ?? '';
  if (query.isError) {
    return (
      <PageShell intro={description}>
        <div role="alert" className={styles.problem}>
          <p>This page could not be loaded. Please check your connection and try again.</p>
          <button type="button" className={styles.button} onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell intro={description}>
      <p className={styles.loading} aria-busy="true">
        Loading…
      </p>
    </PageShell>
  );
}
