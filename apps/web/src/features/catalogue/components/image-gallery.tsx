import type { ImageRef } from '@app/contract/catalogue';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import styles from './image-gallery.module.css';
import { Picture } from './picture';

/** How much the magnifier enlarges the picture. */
export const MAGNIFICATION = 2.5;
const KEY_STEP = 10;

export interface ImageGalleryProps {
  images: ImageRef[];
  /** The product the pictures show, for the names of the controls. */
  title: string;
  /** productDetails.imageMagnify: hover (or the Magnify button) enlarges the picture. */
  magnify: boolean;
  /** The `sizes` attribute of the main picture: how wide the gallery shows on each screen. */
  sizes?: string;
  /** `lazy` for a gallery further down a page, whose picture should not compete with the first screen's. */
  loading?: 'lazy' | 'eager';
}

/** Thumbnails are 5.5rem wide: the narrowest size of a picture is plenty. */
const THUMBNAIL_SIZES = '88px';

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The main picture with a row of thumbnails (buttons) to change it. With `magnify`, the picture
 * enlarges under the mouse pointer; the Magnify button does the same for keyboard and touch
 * users, who then move around with the arrow keys or by dragging a finger. While magnified, the
 * widest size of the picture (1600 pixels for the drawn product views) is laid over the one the
 * page chose for its width, so the enlargement shows real detail.
 */
export function ImageGallery({ images, title, magnify, sizes = '100vw', loading }: ImageGalleryProps) {
  const [index, setIndex] = useState(0);
  const [hovering, setHovering] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  /** Where a finger (or pen) went down on the magnified picture, and the origin then. */
  const drag = useRef<{ x: number; y: number; origin: { x: number; y: number } } | null>(null);
  const hintId = useId();
  const image = images[index] ?? images[0];
  if (!image) return null;
  const magnified = magnify && (hovering || pinned);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!pinned || event.pointerType === 'mouse') return;
    drag.current = { x: event.clientX, y: event.clientY, origin };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) {
      // The picture follows the finger: moving the origin by d moves the picture by (1 - scale) d.
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const dx = ((event.clientX - start.x) / box.width) * 100;
      const dy = ((event.clientY - start.y) / box.height) * 100;
      setOrigin({
        x: clamp(start.origin.x - dx / (MAGNIFICATION - 1)),
        y: clamp(start.origin.y - dy / (MAGNIFICATION - 1)),
      });
      return;
    }
    if (!magnify || event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setOrigin({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
    setHovering(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (event.key === 'Escape') setPinned(false);
    if (!move) return;
    event.preventDefault();
    setOrigin((o) => ({ x: clamp(o.x + move[0]), y: clamp(o.y + move[1]) }));
  };

  const select = (i: number) => {
    setIndex(i);
    setOrigin({ x: 50, y: 50 });
  };

  const zoom = magnified
    ? { transform: `scale(${MAGNIFICATION})`, transformOrigin: `${origin.x}% ${origin.y}%` }
    : undefined;

  return (
    <div className={styles.gallery}>
      <div
        className={styles.stage}
        data-magnified={magnified ? 'true' : undefined}
        data-magnify={magnify ? 'true' : undefined}
        data-pinned={pinned ? 'true' : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerLeave={() => setHovering(false)}
        {...(pinned
          ? {
              role: 'group',
              tabIndex: 0,
              'aria-label': `Magnified picture of ${title}`,
              'aria-describedby': hintId,
              onKeyDown,
            }
          : {})}
      >
        <Picture image={image} sizes={sizes} className={styles.image} style={zoom} loading={loading} />
        {magnified && image.variants && (
          <div className={styles.detail} data-magnified-image="">
            <Picture image={image} sizes={sizes} alt="" className={styles.image} style={zoom} widest />
          </div>
        )}
      </div>
      {magnify && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.magnifyButton}
            aria-pressed={pinned}
            onClick={() => setPinned((value) => !value)}
          >
            {pinned ? 'Stop magnifying' : 'Magnify'}
          </button>
          <span id={hintId} className={styles.hint}>
            {pinned
              ? 'Move around the picture with the arrow keys, or drag it with a finger.'
              : 'Point at the picture to see it closer, or use Magnify.'}
          </span>
        </div>
      )}
      {images.length > 1 && (
        <ul className={styles.thumbnails} aria-label={`Pictures of ${title}`}>
          {images.map((thumb, i) => (
            <li key={thumb.url}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={i === index}
                onClick={() => select(i)}
              >
                <Picture image={thumb} sizes={THUMBNAIL_SIZES} alt="" loading="lazy" />
                <span className={styles.visuallyHidden}>
                  Show picture {i + 1} of {images.length}: {thumb.alt}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
