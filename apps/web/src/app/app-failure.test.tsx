import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { PAGE_LOADER_MS } from './page-loader';

vi.mock('@app/brands/load-brand', () => ({
  loadBrand: () => Promise.reject(new Error('The network is down')),
}));

const { jsdom } = globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } };

describe('app start without the brand configuration', () => {
  it('says the site could not be loaded and offers a reload', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    jsdom.reconfigure({ url: 'http://voice.localhost:3000/' });
    render(<App />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The site could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: PAGE_LOADER_MS * 3 });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
