import type { ImageRef, ImageVariant } from '@app/contract/catalogue';
import type { CSSProperties } from 'react';
import { useMediaUrl } from '../use-media-url';

export interface PictureProps {
  image: ImageRef;
  /** The `sizes` attribute: how wide the picture shows, so the browser picks a size to fetch. */
  sizes: string;
  alt?: string;
  className?: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
  /** `high` for the picture that is the page's largest paint (a home page's hero). */
  fetchPriority?: 'high' | 'low' | 'auto';
  /**
   * Offer only the widest size (what magnify shows), at one image pixel per CSS pixel: with a
   * width descriptor the browser would scale its natural size down to `sizes`.
   */
  widest?: boolean;
}

/**
 * A content picture: with the sizes it is drawn in (`variants`), a <picture> offering WebP and
 * PNG at each width through `srcset`; otherwise a plain <img>. Width and height are always set,
 * so the page does not move as the picture arrives.
 */
export function Picture({
  image,
  sizes,
  alt = image.alt,
  className,
  style,
  loading,
  fetchPriority,
  widest,
}: PictureProps) {
  const mediaUrl = useMediaUrl();
  const img = (srcSet?: string) => (
    <img
      className={className}
      style={style}
      src={mediaUrl(image.url)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={loading}
      fetchPriority={fetchPriority}
    />
  );
  if (!image.variants?.length) return img();
  const ofType = (type: ImageVariant['type']) =>
    image.variants?.filter((variant) => variant.type === type) ?? [];
  if (widest) {
    const webp = ofType('image/webp').at(-1);
    return (
      <picture>
        {webp && <source type="image/webp" srcSet={mediaUrl(webp.url)} />}
        {img()}
      </picture>
    );
  }
  const srcset = (type: ImageVariant['type']) =>
    ofType(type)
      .map((variant) => `${mediaUrl(variant.url)} ${variant.width}w`)
      .join(', ');
  const webp = srcset('image/webp');
  return (
    <picture>
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      {img(srcset('image/png') || undefined)}
    </picture>
  );
}
