import { brandById } from '@app/brands';
import type { SignLookupReply } from '@app/contract/lookup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { storeSession } from '../../lib/session';
import { PrintPage } from './print-page';

// Issue 36 item 14: the print page gave the owner no preview of the printed sign, and spoke to a
// visitor (who reaches it from the sign's public page) as if they were the owner.

const sign: SignLookupReply = {
  id: 5,
  signRef: 'K7QM-3XWD-P9TE',
  registered: true,
  scheme: {
    siteId: 31,
    operator: 'Siop Ŵyl Dewi Cyf',
    siteName: 'Shop',
    town: 'Bangor',
    postcode: 'LL57 1AA',
    purpose: 'Crime prevention and staff safety.',
    retentionDays: 30,
    contact: {
      phone: '01248 555 010',
      email: 'post@siop.example',
      address: null,
      relay: true,
      contactText: null,
    },
    detailsConfirmedAt: '2026-10-01T10:00:00.000Z',
    mayBeOutOfDate: false,
    signRef: 'K7QM-3XWD-P9TE',
  },
};

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The print page, with the sign's look-up and (for a signed-in person) the site's own answer. */
function renderPrintPage(siteAnswer: Response | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/stickers/search/K7QM-3XWD-P9TE') return Response.json(sign);
      if (path === '/api/sites/31' && siteAnswer) return siteAnswer.clone();
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '/sign/:signRef/print', element: <PrintPage /> }], {
    initialEntries: ['/sign/K7QM-3XWD-P9TE/print'],
  });
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the print page of a registered sign', () => {
  it('the owner sees a preview of the printed sign, drawn from the same words, beside what to change', async () => {
    storeSession(`${base64url({ alg: 'HS256' })}.${base64url({ id: 7, exp: 4102444800 })}.sig`, true);
    renderPrintPage(Response.json({ id: 31, name: 'Shop' }));
    const preview = await screen.findByRole('figure', { name: 'Preview of the printed sign' });
    const sheet = within(preview);
    for (const words of [
      'CCTV',
      'in operation',
      'Images are being monitored and recorded',
      'Crime prevention and staff safety.',
      'This scheme is operated by',
      'Siop Ŵyl Dewi Cyf',
      'Tel: 01248 555 010',
      'E-mail: post@siop.example',
      'Or scan the code to contact the operator',
      'Scan with your phone to see who runs this scheme and how to reach them',
      'K7QM-3XWD-P9TE',
    ])
      expect(sheet.getByText(words)).toBeTruthy();
    expect(sheet.getByRole('img', { name: 'QR code for sign K7QM-3XWD-P9TE' }).getAttribute('src')).toMatch(
      /\/api\/signs\/K7QM-3XWD-P9TE\/qr\.svg$/,
    );
    expect(screen.getByRole('link', { name: 'your sites' }).getAttribute('href')).toBe('/your-sites');
  });

  it('a visitor is spoken to as a visitor: no preview, no "your sites", and what the page is for', async () => {
    renderPrintPage(null);
    await screen.findByRole('heading', { name: 'Sign K7QM-3XWD-P9TE: Siop Ŵyl Dewi Cyf' });
    expect(
      screen.getByText(
        'Print this sign to keep a note of who runs these cameras and how to reach them. Only the operator can change what it says.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/your sites|your public contact details|your contact details/i)).toBeNull();
    expect(screen.queryByRole('figure', { name: 'Preview of the printed sign' })).toBeNull();
    expect(screen.getByRole('link', { name: 'A4 PDF' })).toBeTruthy();
  });

  it('someone signed in to another company is a visitor here', async () => {
    storeSession(`${base64url({ alg: 'HS256' })}.${base64url({ id: 9, exp: 4102444800 })}.sig`, true);
    renderPrintPage(Response.json({ message: 'Not found' }, { status: 404 }));
    await screen.findByText(/Only the operator can change what it says/);
    expect(screen.queryByRole('link', { name: 'your sites' })).toBeNull();
  });
});
