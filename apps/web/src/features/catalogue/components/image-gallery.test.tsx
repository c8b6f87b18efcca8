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
