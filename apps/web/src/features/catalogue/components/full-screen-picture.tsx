import type { ImageRef } from '@app/contract/catalogue';
import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
  type WheelEvent,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './full-screen-picture.module.css';
import { Picture } from './picture';

/** The closest a picture can be brought: five times its full-screen size shows a label's small print. */
export const MAX_ZOOM = 5;
const ZOOM_STEP = 1.5;
const PAN_STEP = 40;

interface View {
  scale: number;
  x: number;
  y: number;
}

interface Point {
  x: number;
  y: number;
}

const fitted: View = { scale: 1, x: 0, y: 0 };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Keeps the zoomed picture over the screen: it moves at most as far as it is larger than the
 * screen, and at its fitted size it sits in the middle.
 */
function bounded(view: View, box: { width: number; height: number }): View {
  const scale = Math.min(MAX_ZOOM, Math.max(1, view.scale));
  if (scale === 1) return fitted;
  const maxX = ((scale - 1) * box.width) / 2;
  const maxY = ((scale - 1) * box.height) / 2;
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)),
    y: Math.min(maxY, Math.max(-maxY, view.y)),
  };
}

export interface FullScreenPictureProps {
  image: ImageRef;
  /** The product the picture shows, for the view's name. */
  title: string;
  /** Whether the screen is a touch screen: the hint speaks of fingers, not keys. */
  touch: boolean;
  onClose: () => void;
}

/**
 * A picture over the whole screen, in a modal dialog: two fingers pinch it larger or smaller and
 * one finger drags it around once it is larger (the page's own pinch would enlarge the page, not
 * the picture). From the keyboard, + and - zoom, the arrow keys move, and Escape closes; focus
 * stays in the dialog and the caller returns it where it was.
 */
export function FullScreenPicture({ image, title, touch, onClose }: FullScreenPictureProps) {
  const [view, setView] = useState<View>(fitted);
  const pointers = useRef(new Map<number, Point>());
  /** The two fingers' distance and middle when the pinch began, and the view then. */
  const pinch = useRef<{ distance: number; middle: Point; view: View } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    closeButton.current?.focus();
    // The page under the picture stays still while the picture is dragged.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const box = () => {
    const rect = stage.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  const show = (next: View) => setView(bounded(next, box()));
  const zoomBy = (factor: number) => show({ ...view, scale: view.scale * factor });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const [a, b] = [...pointers.current.values()];
    if (a && b) pinch.current = { distance: distance(a, b), middle: middle(a, b), view };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const [a, b] = [...pointers.current.values()];
    const start = pinch.current;
    if (a && b && start && start.distance > 0) {
      const centre = middle(a, b);
      show({
        scale: start.view.scale * (distance(a, b) / start.distance),
        x: start.view.x + centre.x - start.middle.x,
        y: start.view.y + centre.y - start.middle.y,
      });
    } else if (view.scale > 1) {
      show({ ...view, x: view.x + now.x - last.x, y: view.y + now.y - last.y });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    zoomBy(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-') zoomBy(1 / ZOOM_STEP);
    else if (move && view.scale > 1) {
      event.preventDefault();
      show({ ...view, x: view.x + move[0], y: view.y + move[1] });
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog: from its last control back to its first, and the other way.
      const controls = [...(dialog.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
      const first = controls[0];
      const last = controls.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  return createPortal(
    <div
      ref={dialog}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
    >
      <div className={styles.bar}>
        <h2 id={titleId} className={styles.title}>
          {title}: {image.alt}
        </h2>
        <button ref={closeButton} type="button" className={styles.button} onClick={onClose}>
          Close
        </button>
      </div>
      <div
        ref={stage}
        className={styles.stage}
        data-testid="full-screen-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onWheel={onWheel}
      >
        <Picture
          image={image}
          sizes="100vw"
          className={styles.image}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
      <div className={styles.bar}>
        <p id={hintId} className={styles.hint}>
          {touch
            ? 'Pinch the picture to zoom, and drag it with a finger to move around.'
            : 'Zoom with + and -, move around with the arrow keys. Escape closes.'}
        </p>
        <div className={styles.zoom}>
          <button
            type="button"
            className={styles.button}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
            disabled={view.scale <= 1}
          >
            Zoom out
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={() => zoomBy(ZOOM_STEP)}
            disabled={view.scale >= MAX_ZOOM}
          >
            Zoom in
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
