import type { ContentPage as Page } from '@app/contract/catalogue';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Markdown } from '../../../components/markdown';
import { PageShell } from '../../../components/page-shell';
import { usePage } from '../api/get-page';
import { QueryView } from './query-view';

export interface ContentPageProps {
  /** The page file: content/<brand>/pages/<slug>.md (`home` is `/`). */
  slug: string;
  /** Replaces the page's description under the heading (a home page's one sentence). */
  intro?: string;
  /** A picture beside the heading and intro (PageShell's `picture`). */
  picture?: ReactNode;
  /** Shown between the intro and the page's text. */
  before?: ReactNode;
  /** Shown after everything the page file lists. */
  children?: ReactNode;
}

export interface ContentPageFrameProps extends ContentPageProps {
  /**
   * Draws what the front matter lists (PageSections). A page that may list products or files
   * passes it, so it is part of the page's own code; without it, it is fetched only if the page
   * turns out to list any.
   */
  sections?: ComponentType<{ page: Page }>;
}

const LaterSections = lazy(() => import('./page-sections').then((m) => ({ default: m.PageSections })));

const listsSections = (page: Page) =>
  page.products.length > 0 || page.resources.length > 0 || page.downloads.length > 0;

/**
 * A page of a sister site: its Markdown, then the resources, products or downloads its front
 * matter lists (content/README-catalogues.md, "Pages").
 */
export function ContentPageFrame({
  slug,
  intro,
  picture,
  before,
  children,
  sections: Sections,
}: ContentPageFrameProps) {
  const query = usePage(slug);
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'Page not found',
        text: 'This page has no content yet.',
        backTo: '/',
        backLabel: 'Go to the home page',
      }}
    >
      {(page) => (
        <PageShell title={page.title} intro={intro ?? page.description} picture={picture}>
          {before}
          <Markdown tokens={page.body} />
          {listsSections(page) &&
            (Sections ? (
              <Sections page={page} />
            ) : (
              <Suspense fallback={null}>
                <LaterSections page={page} />
              </Suspense>
            ))}
          {children}
        </PageShell>
      )}
    </QueryView>
  );
}
