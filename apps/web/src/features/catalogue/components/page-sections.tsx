import type { ContentPage as Page } from '@app/contract/catalogue';
import { useId } from 'react';
import { useBrand } from '../../../lib/brand';
import styles from './catalogue.module.css';
import { DownloadArea } from './download-area';
import { DownloadList } from './download-list';
import { ProductDetail } from './product-detail';
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

/** What a page's front matter lists below its text: its products in full, then its resources and downloads. */
export function PageSections({ page }: { page: Page }) {
  const { downloadPage } = useBrand();
  return (
    <>
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
    </>
  );
}
