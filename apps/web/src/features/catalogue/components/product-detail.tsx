import type { ProductDetail as Product } from '@app/contract/catalogue';
import type { CSSProperties } from 'react';
import { Markdown } from '../../../components/markdown';
import { useBrand } from '../../../lib/brand';
import { CUSTOM_MEDIA } from '../../../lib/breakpoints';
import styles from './catalogue.module.css';
import { DownloadList } from './download-list';
import { Heading, type HeadingLevel } from './heading';
import { ImageGallery } from './image-gallery';
import { SpecTable } from './spec-table';

/**
 * A product in full: picture gallery beside the description and features (the gallery takes
 * productDetails.imageSize of 12 columns on wide screens), then the specification and downloads.
 */
export function ProductDetail({
  product,
  level = 2,
  showSummary = true,
  pictureLoading,
}: {
  product: Product;
  level?: HeadingLevel;
  /** Off where the page's intro already is the summary. */
  showSummary?: boolean;
  /** `lazy` where the product is a section further down a page (a home page's range). */
  pictureLoading?: 'lazy' | 'eager';
}) {
  const { productDetails } = useBrand();
  const span = Math.min(Math.max(Math.round(productDetails.imageSize), 1), 11);
  return (
    <div className={styles.product}>
      <div className={styles.productTop} style={{ '--gallery-span': span } as CSSProperties}>
        <div className={styles.galleryColumn}>
          <ImageGallery
            images={product.images}
            title={product.title}
            magnify={productDetails.imageMagnify}
            sizes={`${CUSTOM_MEDIA['--not-narrow-screen']} ${Math.ceil((span / 12) * 100)}vw, 100vw`}
            loading={pictureLoading}
          />
        </div>
        <div className={styles.productText}>
          {showSummary && <p className={styles.lead}>{product.summary}</p>}
          <Markdown tokens={product.description} />
          {product.features.length > 0 && (
            <>
              <Heading level={level}>Features</Heading>
              <ul className={styles.features}>
                {product.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <Heading level={level}>Specification</Heading>
      <SpecTable title={product.title} specs={product.specs} />
      <Heading level={level}>Downloads</Heading>
      <DownloadList items={product.downloads} />
    </div>
  );
}
