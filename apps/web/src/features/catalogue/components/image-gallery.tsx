import type { ImageRef } from '@app/contract/catalogue';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useMediaQuery } from '../../../lib/media-query';
import { FullScreenPicture } from './full-screen-picture';
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

/** A screen used with fingers: nothing points at the picture, so there is nothing to hover. */
export const TOUCH_SCREEN_QUERY = '(hover: none) and (pointer: coarse)';
/** A finger that moves further than this between down and up dragged rather than tapped. */
const TAP_SLOP = 10;

/**
 * The main picture with a row of thumbnails (buttons) to change it. With `magnify`, the picture
 * enlarges under the mouse pointer; the Magnify button does the same for keyboard and touch
 * users, who then move around with the arrow keys or by dragging a finger. While magnified, the
 * widest size of the picture (1600 pixels for the drawn product views) is laid over the one the
 * page chose for its width, so the enlargement shows real detail. A tap on the picture (or the
 * Full screen button) opens it over the whole screen, where fingers pinch and pan it.
 */
/** What the line under the picture says: fingers on a touch screen, a pointer and keys elsewhere. */
function hintFor({ touch, magnify, pinned }: { touch: boolean; magnify: boolean; pinned: boolean }): string {
  if (touch) return 'Tap the picture to see it full screen, then pinch to zoom.';
  if (!magnify) return 'Use Full screen to see the picture larger.';
  return pinned
    ? 'Move around the picture with the arrow keys, or drag it with a finger.'
    : 'Point at the picture to see it closer, or use Magnify or Full screen.';
}

export function ImageGallery({ images, title, magnify, sizes = '100vw', loading }: ImageGalleryProps) {
  const [index, setIndex] = useState(0);
  const [hovering, setHovering] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  /** Where a finger (or pen) went down on the magnified picture, and the origin then. */
  const drag = useRef<{ x: number; y: number; origin: { x: number; y: number } } | null>(null);
  /** Where a finger went down on the picture while not magnified: a tap if it comes up there. */
  const tap = useRef<{ x: number; y: number } | null>(null);
  /** Whether the last finger on the picture tapped it: the click that follows opens the full view. */
  const tapped = useRef(false);
  const [fullScreen, setFullScreen] = useState(false);
  const fullScreenButton = useRef<HTMLButtonElement>(null);
  const touch = useMediaQuery(TOUCH_SCREEN_QUERY);
  const hintId = useId();
  const image = images[index] ?? images[0];
  if (!image) return null;
  const magnified = magnify && (hovering || pinned);

  const closeFullScreen = () => {
    setFullScreen(false);
    // Back where the person was: the button that opens the view again.
    fullScreenButton.current?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!pinned && event.pointerType !== 'mouse') tap.current = { x: event.clientX, y: event.clientY };
    if (!pinned || event.pointerType === 'mouse') return;
    drag.current = { x: event.clientX, y: event.clientY, origin };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const endDrag = () => {
    drag.current = null;
    tap.current = null;
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = tap.current;
    endDrag();
    tapped.current =
      start !== null && Math.hypot(event.clientX - start.x, event.clientY - start.y) <= TAP_SLOP;
  };

  // Opened on the click, not the finger's lifting: the browser's mouse events for the tap come
  // after it and would take the focus from the view's Close button.
  const onClick = () => {
    if (!tapped.current) return;
    tapped.current = false;
    setFullScreen(true);
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a tap on the picture is a finger's shortcut; the Full screen button does the same from the keyboard */}
      <div
        className={styles.stage}
        data-magnified={magnified ? 'true' : undefined}
        data-magnify={magnify ? 'true' : undefined}
        data-pinned={pinned ? 'true' : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onClick={onClick}
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
      <div className={styles.controls}>
        {magnify && (
          <button
            type="button"
            className={styles.magnifyButton}
            aria-pressed={pinned}
            onClick={() => setPinned((value) => !value)}
          >
            {pinned ? 'Stop magnifying' : 'Magnify'}
          </button>
        )}
        <span id={hintId} className={styles.hint}>
          {hintFor({ touch, magnify, pinned })}
        </span>
      </div>
      {fullScreen && (
        <FullScreenPicture image={image} title={title} touch={touch} onClose={closeFullScreen} />
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
      {/* After the thumbnails: the keyboard meets Magnify and the views first, as before. */}
      <div className={styles.controls}>
        <button
          ref={fullScreenButton}
          type="button"
          className={styles.magnifyButton}
          aria-label={`Full screen: ${image.alt}`}
          onClick={() => setFullScreen(true)}
        >
          Full screen
        </button>
      </div>
    </div>
  );
}
