import type { ContentPage as Page } from '@app/contract/catalogue';
import { type ReactNode, useId } from 'react';
import { Markdown } from '../../../components/markdown';
import { PageShell } from '../../../components/page-shell';
import { useBrand } from '../../../lib/brand';
import { usePage } from '../api/get-page';
import styles from './catalogue.module.css';
import { DownloadArea } from './download-area';
import { DownloadList } from './download-list';
import { ProductDetail } from './product-detail';
import { QueryView } from './query-view';
import { ResourceGroups } from './resource-groups';

/** The id of a product's section on a page that lists products in full (cards link to it). */
export const productSectionId = (name: string) => `product-${name}`;

function ProductSection({ product }: { product: Page['products'][number] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} id={productSectionId(product.name)} className={styles.productSection}>
      <h2 id={id}>{product.title}</h2>
      {/* Below the page's first screen: its picture waits until it comes near. */}
      <ProductDetail product={product} level={3} pictureLoading="lazy" />
    </section>
  );
}

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

/**
 * A page of a sister site: its Markdown, then the resources, products or downloads its front
 * matter lists (content/README-catalogues.md, "Pages").
 */
export function ContentPage({ slug, intro, picture, before, children }: ContentPageProps) {
  const { downloadPage } = useBrand();
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
          {page.products.map((product) => (
            <ProductSection key={product.name} product={product} />
          ))}
          {(page.resources.length > 0 || page.downloads.length > 0) && (
            <DownloadArea>
              <ResourceGroups groups={page.resources} level={3} />
              {page.downloads.length > 0 && (
                <DownloadList items={page.downloads} columns={downloadPage.columns} />
              )}
            </DownloadArea>
          )}
          {children}
        </PageShell>
      )}
    </QueryView>
  );
}
