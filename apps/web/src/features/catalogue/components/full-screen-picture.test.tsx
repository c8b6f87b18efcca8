import { brandById } from '@app/brands';
import type { ImageRef } from '@app/contract/catalogue';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../../lib/brand';
import { ImageGallery, TOUCH_SCREEN_QUERY } from './image-gallery';

// Issue 36 item 22: on a phone the product pictures said "Point at the picture" and a tap did
// nothing. A touch screen is told to tap; a tap opens the picture full screen, where two fingers
// pinch it larger and one drags it; Escape closes it and focus returns.

const images: ImageRef[] = [
  { url: '/api/media/0000000000000001/front.svg', alt: 'Front of the recorder', width: 600, height: 200 },
  { url: '/api/media/0000000000000002/rear.svg', alt: 'Rear of the recorder', width: 600, height: 200 },
];

/** A screen that matches the touch query (a phone) or not (a desktop with a mouse). */
function useScreen(touch: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: touch && query === TOUCH_SCREEN_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

function renderGallery() {
  render(
    <BrandProvider brand={brandById('nvr')}>
      <ImageGallery images={images} title="ZV-N4P-4K" magnify />
    </BrandProvider>,
  );
  const picture = screen.getByRole('img', { name: 'Front of the recorder' });
  return { stage: picture.parentElement as HTMLElement };
}

function tapAt(element: HTMLElement, x: number, y: number, pointerId = 1) {
  fireEvent.pointerDown(element, { clientX: x, clientY: y, pointerType: 'touch', pointerId });
  fireEvent.pointerUp(element, { clientX: x, clientY: y, pointerType: 'touch', pointerId });
  fireEvent.click(element, { clientX: x, clientY: y });
}

const fullScreenImage = (dialog: HTMLElement) =>
  within(dialog).getByRole('img', { name: 'Front of the recorder' }) as HTMLImageElement;

afterEach(() => vi.unstubAllGlobals());

describe('product pictures on a touch screen', () => {
  it('say to tap, not to point; a tap opens the picture full screen, which pinches and pans', () => {
    useScreen(true);
    const { stage } = renderGallery();
    expect(screen.queryByText(/Point at the picture/)).toBeNull();
    expect(screen.getByText('Tap the picture to see it full screen, then pinch to zoom.')).toBeTruthy();

    tapAt(stage, 150, 60);
    const dialog = screen.getByRole('dialog', { name: 'ZV-N4P-4K: Front of the recorder' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(
      within(dialog).getByText('Pinch the picture to zoom, and drag it with a finger to move around.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));

    const area = within(dialog).getByTestId('full-screen-stage');
    area.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 375, height: 600 });
    // Two fingers 100 px apart move to 200 px apart: the picture is twice as large.
    fireEvent.pointerDown(area, { clientX: 140, clientY: 300, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerDown(area, { clientX: 240, clientY: 300, pointerType: 'touch', pointerId: 2 });
    fireEvent.pointerMove(area, { clientX: 90, clientY: 300, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerMove(area, { clientX: 290, clientY: 300, pointerType: 'touch', pointerId: 2 });
    expect(fullScreenImage(dialog).style.transform).toBe('translate(0px, 0px) scale(2)');
    fireEvent.pointerUp(area, { clientX: 290, clientY: 300, pointerType: 'touch', pointerId: 2 });
    // One finger then drags the enlarged picture 50 px left and 30 px down.
    fireEvent.pointerMove(area, { clientX: 40, clientY: 330, pointerType: 'touch', pointerId: 1 });
    expect(fullScreenImage(dialog).style.transform).toBe('translate(-50px, 30px) scale(2)');
    fireEvent.pointerUp(area, { clientX: 40, clientY: 330, pointerType: 'touch', pointerId: 1 });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a finger that scrolls the page across the picture does not open it', () => {
    useScreen(true);
    const { stage } = renderGallery();
    fireEvent.pointerDown(stage, { clientX: 150, clientY: 160, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerUp(stage, { clientX: 150, clientY: 60, pointerType: 'touch', pointerId: 1 });
    fireEvent.click(stage, { clientX: 150, clientY: 60 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the full-screen picture from the keyboard', () => {
  it('opens from Full screen, keeps focus inside, zooms with + and -, and Escape closes it back to the button', async () => {
    useScreen(false);
    renderGallery();
    const user = userEvent.setup();
    const open = screen.getByRole('button', { name: 'Full screen: Front of the recorder' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'ZV-N4P-4K: Front of the recorder' });
    expect(
      within(dialog).getByText('Zoom with + and -, move around with the arrow keys. Escape closes.'),
    ).toBeTruthy();
    await user.keyboard('+');
    expect(fullScreenImage(dialog).style.transform).toBe('translate(0px, 0px) scale(1.5)');
    await user.keyboard('-');
    expect(fullScreenImage(dialog).style.transform).toBe('translate(0px, 0px) scale(1)');
    // Tab goes round the dialog's own controls and never behind it.
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Zoom in' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});
