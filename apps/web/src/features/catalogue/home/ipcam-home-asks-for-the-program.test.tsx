import { brandById } from '@app/brands';
import type { ContentPage, ProductSummary } from '@app/contract/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../../test/render-shell';
import { setScreenWidth } from '../../../test/screen-width';

// Issue 36 item 9: the IP camera tool's home promised a "free desktop tool" that the download
// page does not offer. It now says plainly that support sends it, with a button that asks for it.

const scout: ProductSummary = {
  name: 'ipcam-scout',
  title: 'IPCam Scout',
  summary: 'Finds every IP camera on the network.',
  order: 1,
  image: {
    url: '/api/media/00000000000000aa/ipcam-scout-scan-800.png',
    alt: 'The scan list',
    width: 800,
    height: 500,
  },
  channels: 0,
  resolution: '',
  storage: '',
};

const home: ContentPage = {
  slug: 'home',
  title: 'IPCam Scout',
  description: 'IPCam Scout finds every IP camera on your network.',
  body: [],
  resources: [],
  products: [],
  downloads: [],
};

describe('IPCam Scout home: how to get the desktop program', () => {
  it('says support sends it, and its button opens the contact form asking for it', async () => {
    setScreenWidth(375);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/pages/home') return Response.json(home);
        if (path === '/api/products') return Response.json([scout]);
        return Response.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    const { router } = await renderShell({ brand: brandById('ipcam'), path: '/' });
    const main = within(await screen.findByRole('main'));
    expect(
      await main.findByText(
        'IPCam Scout is a free desktop tool, sent by our support team when you ask, that finds every IP camera on your network in seconds and sets addresses and passwords in bulk.',
      ),
    ).toBeTruthy();
    const tasks = within(screen.getByRole('region', { name: 'Get started' }));
    await userEvent.setup().click(tasks.getByRole('link', { name: 'Ask support for IPCam Scout' }));
    expect(router.state.location.pathname).toBe('/contact-us');
    const subject = (await screen.findByLabelText(/^Subject/)) as HTMLInputElement;
    expect(subject.value).toBe('Please send me IPCam Scout');
  });
});
