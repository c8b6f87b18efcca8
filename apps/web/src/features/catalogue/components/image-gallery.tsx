import type { ImageRef } from '@app/contract/catalogue';
import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { useMediaUrl } from '../use-media-url';
import styles from './image-gallery.module.css';

/** How much the magnifier enlarges the picture. */
export const MAGNIFICATION = 2.5;
const KEY_STEP = 10;

export interface ImageGalleryProps {
  images: ImageRef[];
  /** The product the pictures show, for the names of the controls. */
  title: string;
  /** productDetails.imageMagnify: hover (or the Magnify button) enlarges the picture. */
  magnify: boolean;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The main picture with a row of thumbnails (buttons) to change it. With `magnify`, the picture
 * enlarges under the mouse pointer; the Magnify button does the same for keyboard and touch
 * users, who then move around with the arrow keys.
 */
export function ImageGallery({ images, title, magnify }: ImageGalleryProps) {
  const mediaUrl = useMediaUrl();
  const [index, setIndex] = useState(0);
  const [hovering, setHovering] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const hintId = useId();
  const image = images[index] ?? images[0];
  if (!image) return null;
  const magnified = magnify && (hovering || pinned);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
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

  return (
    <div className={styles.gallery}>
      <div
        className={styles.stage}
        data-magnified={magnified ? 'true' : undefined}
        data-magnify={magnify ? 'true' : undefined}
        onPointerMove={onPointerMove}
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
        <img
          className={styles.image}
          src={mediaUrl(image.url)}
          alt={image.alt}
          width={image.width}
          height={image.height}
          style={
            magnified
              ? { transform: `scale(${MAGNIFICATION})`, transformOrigin: `${origin.x}% ${origin.y}%` }
              : undefined
          }
        />
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
              ? 'Move around the picture with the arrow keys.'
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
                <img
                  src={mediaUrl(thumb.url)}
                  alt=""
                  width={thumb.width}
                  height={thumb.height}
                  loading="lazy"
                />
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
