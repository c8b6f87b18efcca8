import { brandById } from '@app/brands';
import type { ImageRef } from '@app/contract/catalogue';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '../../../lib/brand';
import { ImageGallery, MAGNIFICATION } from './image-gallery';

const images: ImageRef[] = [
  { url: '/api/media/0000000000000001/front.svg', alt: 'Front of the recorder', width: 600, height: 200 },
  { url: '/api/media/0000000000000002/rear.svg', alt: 'Rear of the recorder', width: 600, height: 200 },
];

function renderGallery(magnify: boolean) {
  render(
    <BrandProvider brand={brandById('nvr')}>
      <ImageGallery images={images} title="ZV-N4P-4K" magnify={magnify} />
    </BrandProvider>,
  );
  const image = () =>
    screen.getAllByRole('img').find((img) => img.getAttribute('alt') !== '') as HTMLImageElement;
  const stage = () => image().parentElement as HTMLElement;
  // jsdom lays nothing out: give the picture a size to point at.
  const placeStage = () => {
    stage().getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 200 });
  };
  return { image, stage, placeStage };
}

function pointAt(element: HTMLElement, clientX: number, clientY: number) {
  fireEvent.pointerMove(element, { clientX, clientY, pointerType: 'mouse' });
}

describe('ImageGallery', () => {
  it('shows the first picture, with its text alternative, and its size to avoid a jump', () => {
    const { image } = renderGallery(true);
    expect(image().getAttribute('alt')).toBe('Front of the recorder');
    expect(image().getAttribute('src')).toBe(images[0]?.url);
    expect(image().getAttribute('width')).toBe('600');
  });

  it('magnifies the picture around the mouse pointer, and stops when the pointer leaves', () => {
    const { image, stage, placeStage } = renderGallery(true);
    placeStage();
    pointAt(stage(), 200, 100);
    expect(stage().dataset.magnified).toBe('true');
    expect(image().style.transform).toBe(`scale(${MAGNIFICATION})`);
    expect(image().style.transformOrigin).toBe('25% 25%');

    fireEvent.pointerLeave(stage());
    expect(stage().dataset.magnified).toBeUndefined();
    expect(image().style.transform).toBe('');
  });

  it('the Magnify button magnifies for keyboard users, who move around with the arrow keys', async () => {
    const user = userEvent.setup();
    const { image, stage } = renderGallery(true);
    const button = screen.getByRole('button', { name: 'Magnify' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Stop magnifying' }).getAttribute('aria-pressed')).toBe('true');
    expect(image().style.transformOrigin).toBe('50% 50%');

    const group = screen.getByRole('group', { name: 'Magnified picture of ZV-N4P-4K' });
    expect(group).toBe(stage());
    group.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(image().style.transformOrigin).toBe('70% 40%');
    await user.keyboard('{Escape}');
    expect(image().style.transform).toBe('');
  });

  it('the thumbnails are buttons that change the main picture', async () => {
    const user = userEvent.setup();
    const { image } = renderGallery(true);
    const thumbnails = within(screen.getByRole('list', { name: 'Pictures of ZV-N4P-4K' })).getAllByRole(
      'button',
    );
    expect(thumbnails.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 2: Rear of the recorder' }));
    expect(image().getAttribute('alt')).toBe('Rear of the recorder');
    expect(thumbnails.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
  });

  it('without imageMagnify there is no magnifier at all', () => {
    const { image, stage, placeStage } = renderGallery(false);
    placeStage();
    pointAt(stage(), 200, 100);
    expect(image().style.transform).toBe('');
    expect(screen.queryByRole('button', { name: 'Magnify' })).toBeNull();
  });
});

/** A drawn product view as the API gives it: 1600 pixels wide, offered at three widths. */
function drawn(stem: string, alt: string, view: 'front' | 'rear'): ImageRef {
  const variant = (width: number, ext: 'webp' | 'png') => ({
    url: `/api/media/00000000000000${width === 1600 ? 16 : width === 800 ? '08' : '04'}/${stem}-${width}.${ext}`,
    width,
    height: width * 0.3,
    type: ext === 'webp' ? ('image/webp' as const) : ('image/png' as const),
  });
  return {
    url: `/api/media/0000000000000016/${stem}-1600.png`,
    alt,
    width: 1600,
    height: 480,
    view,
    variants: [400, 800, 1600].flatMap((width) => [variant(width, 'webp'), variant(width, 'png')]),
  };
}

const views = [
  drawn('zv-front', 'Front view of the recorder', 'front'),
  drawn('zv-rear', 'Rear view of the recorder', 'rear'),
];

function renderDrawn() {
  const { container } = render(
    <BrandProvider brand={brandById('nvr')}>
      <ImageGallery images={views} title="ZV-N4P-4K" magnify sizes="(min-width: 768px) 34vw, 100vw" />
    </BrandProvider>,
  );
  const stage = () => container.querySelector('[data-magnify]') as HTMLElement;
  const main = () => stage().querySelector('img') as HTMLImageElement;
  const detail = () => stage().querySelector('[data-magnified-image] img') as HTMLImageElement | null;
  return { stage, main, detail };
}

describe('ImageGallery with drawn product views', () => {
  it('offers each view at 400, 800 and 1600 pixels as WebP and PNG, sized so the page does not move', () => {
    const { stage, main } = renderDrawn();
    const source = stage().querySelector('source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(
      '/api/media/0000000000000004/zv-front-400.webp 400w, /api/media/0000000000000008/zv-front-800.webp 800w, /api/media/0000000000000016/zv-front-1600.webp 1600w',
    );
    expect(source?.getAttribute('sizes')).toBe('(min-width: 768px) 34vw, 100vw');
    expect(main().getAttribute('srcset')).toBe(
      '/api/media/0000000000000004/zv-front-400.png 400w, /api/media/0000000000000008/zv-front-800.png 800w, /api/media/0000000000000016/zv-front-1600.png 1600w',
    );
    expect(main().getAttribute('src')).toBe('/api/media/0000000000000016/zv-front-1600.png');
    expect([main().getAttribute('width'), main().getAttribute('height')]).toEqual(['1600', '480']);
    expect(main().getAttribute('alt')).toBe('Front view of the recorder');
    // Thumbnails ask for the narrowest size.
    const thumbnail = screen.getByRole('button', { name: 'Show picture 2 of 2: Rear view of the recorder' });
    expect(thumbnail.querySelector('source')?.getAttribute('sizes')).toBe('88px');
  });

  it('magnifying lays the 1600-pixel picture over the one the page chose, and stopping removes it', async () => {
    const user = userEvent.setup();
    const { stage, detail } = renderDrawn();
    expect(detail()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Magnify' }));
    // One candidate each, without a width descriptor: one image pixel per CSS pixel.
    const source = stage().querySelector('[data-magnified-image] source');
    expect(source?.getAttribute('srcset')).toBe('/api/media/0000000000000016/zv-front-1600.webp');
    expect(source?.getAttribute('sizes')).toBeNull();
    expect(detail()?.getAttribute('srcset')).toBeNull();
    expect(detail()?.getAttribute('src')).toBe('/api/media/0000000000000016/zv-front-1600.png');
    expect(detail()?.getAttribute('alt')).toBe('');
    expect(detail()?.style.transform).toBe(`scale(${MAGNIFICATION})`);
    await user.click(screen.getByRole('button', { name: 'Stop magnifying' }));
    expect(detail()).toBeNull();
  });

  it('works with the keyboard alone: choose a view, magnify it, move around, stop', async () => {
    const user = userEvent.setup();
    const { main, detail } = renderDrawn();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Magnify' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Show picture 2 of 2: Rear view of the recorder' }),
    );
    await user.keyboard('{Enter}');
    expect(main().getAttribute('alt')).toBe('Rear view of the recorder');
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(detail()?.getAttribute('src')).toBe('/api/media/0000000000000016/zv-rear-1600.png');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(
      screen.getByRole('group', { name: 'Magnified picture of ZV-N4P-4K' }),
    );
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(main().style.transformOrigin).toBe('40% 60%');
    await user.keyboard('{Escape}');
    expect(detail()).toBeNull();
  });

  it('works by touch: tap Magnify, then drag the picture with a finger; the finger moves it the same way', async () => {
    const user = userEvent.setup();
    const { stage, main } = renderDrawn();
    stage().getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 90 });
    // Before magnifying, a finger on the picture does nothing (the page scrolls as usual).
    fireEvent.pointerDown(stage(), { clientX: 150, clientY: 45, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerMove(stage(), { clientX: 90, clientY: 45, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerUp(stage(), { pointerType: 'touch', pointerId: 1 });
    expect(main().style.transform).toBe('');

    await user.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Magnify' }) });
    expect(stage().dataset.pinned).toBe('true');
    expect(main().style.transformOrigin).toBe('50% 50%');
    // Dragging left by a fifth of the picture shows more of its right-hand side.
    fireEvent.pointerDown(stage(), { clientX: 150, clientY: 45, pointerType: 'touch', pointerId: 2 });
    fireEvent.pointerMove(stage(), { clientX: 90, clientY: 45, pointerType: 'touch', pointerId: 2 });
    expect(main().style.transformOrigin).toBe(`${50 + 20 / (MAGNIFICATION - 1)}% 50%`);
    fireEvent.pointerUp(stage(), { pointerType: 'touch', pointerId: 2 });
    // Once the finger is lifted, moving does nothing more.
    fireEvent.pointerMove(stage(), { clientX: 10, clientY: 45, pointerType: 'touch', pointerId: 2 });
    expect(main().style.transformOrigin).toBe(`${50 + 20 / (MAGNIFICATION - 1)}% 50%`);
  });
});
