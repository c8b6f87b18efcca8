import { brandById } from '@app/brands';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setScreenWidth } from '../test/screen-width';
import { App } from './app';
import { PAGE_LOADER_MS } from './page-loader';

// Vitest's jsdom environment exposes the JSDOM instance, whose URL a test may change.
const { jsdom } = globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } };

const waitLonger = { timeout: PAGE_LOADER_MS * 3 };

describe('app start', () => {
  it('shows the Loading... overlay, then the brand of the host', async () => {
    setScreenWidth(1280);
    jsdom.reconfigure({ url: 'http://signs.localhost:3000/' });
    render(<App />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), waitLonger);
    // The home page's words may still be on their way when the overlay leaves: its heading follows.
    expect((await screen.findByRole('heading', { level: 1 }, waitLonger)).textContent).toBe(
      brandById('signs').pages['/']?.title,
    );
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(
      brandById('signs').primaryColor,
    );
  });

  it('shows the overlay in the colours of the host brand from the first render', async () => {
    setScreenWidth(1280);
    jsdom.reconfigure({ url: 'http://dvr.localhost:3000/' });
    render(<App />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(
      brandById('dvr').primaryColor,
    );
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), waitLonger);
    expect(screen.getByRole('banner').textContent).toContain(brandById('dvr').name);
  });

  it('shows the overlay again and switches brand when the host changes', async () => {
    setScreenWidth(1280);
    jsdom.reconfigure({ url: 'http://signs.localhost:3000/' });
    const user = userEvent.setup();
    render(<App />);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), waitLonger);

    const dvr = brandById('dvr');
    act(() => jsdom.reconfigure({ url: 'http://dvr.localhost:3000/' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('link', { name: 'Home' }));

    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), waitLonger);
    expect(screen.getByRole('banner').textContent).toContain(dvr.name);
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(dvr.primaryColor);
  });
});
