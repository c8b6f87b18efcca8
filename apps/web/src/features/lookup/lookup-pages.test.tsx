import { brandById } from '@app/brands';
import { lookupMessages, type Scheme } from '@app/contract/lookup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { lookupRoutes } from './routes';
import type { ContactFormProps } from './sign-page';

type Reply = { status: number; body: unknown };

/** Answers fetch by path; records every call. */
function stubFetch(replies: Record<string, Reply>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://signs.localhost').pathname;
      calls.push({
        method: init.method ?? 'GET',
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const reply = replies[path] ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Stands in for the form the brand's routes give the sign's page. */
function ContactForm({ signRef, siteName, retentionDays }: ContactFormProps) {
  return (
    <p>
      The form of {signRef} at {siteName}, kept {retentionDays} days
    </p>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(lookupRoutes({ contactForm: ContactForm }), { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const quayScheme: Scheme = {
  siteId: 4,
  operator: 'Quay Parking Ltd',
  siteName: 'Quay car park',
  town: 'Whitby',
  postcode: 'YO21 1AA',
  purpose: 'Crime prevention.',
  retentionDays: 30,
  contact: { phone: null, email: null, address: null, relay: true, contactText: null },
  detailsConfirmedAt: '2026-11-21T09:30:00.000Z',
  mayBeOutOfDate: false,
  signRef: 'DEMO-0002-SIGN',
};

describe('the look-up pages', () => {
  it('/search-scheme goes straight to the sign page and records the search', async () => {
    const sign = { id: 5, signRef: 'K7QM-3XWD-P9TE', registered: false, scheme: null };
    const calls = stubFetch({
      '/api/stickers/search/k7qm3xwdp9te': { status: 200, body: sign },
      '/api/stickers/search/K7QM-3XWD-P9TE': { status: 200, body: sign },
      '/api/search-records/add': { status: 200, body: { success: true } },
    });
    const router = renderAt('/search-scheme');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('The reference on the sign'), 'k7qm3xwdp9te');
    await user.click(screen.getByRole('button', { name: 'Find the operator' }));
    // The whole sentence, its "Contact us" a link.
    expect(
      await screen.findByText(
        (_, el) => el?.tagName === 'P' && el.textContent === lookupMessages.notRegistered,
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign/K7QM-3XWD-P9TE');
    expect(calls.filter((c) => c.path === '/api/search-records/add').map((c) => c.body)).toEqual([
      { term: 'k7qm3xwdp9te', stickerId: 5 },
    ]);
  });

  it('/search-scheme says when no sign has the reference', async () => {
    stubFetch({ '/api/search-records/add': { status: 200, body: { success: true } } });
    renderAt('/search-scheme');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('The reference on the sign'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Find the operator' }));
    expect(await screen.findByText(lookupMessages.notFound)).toBeTruthy();
  });

  it.each([
    ['demo0002sign', 'DEMO-0002-SIGN'],
    [' Demo 0002 Sign ', 'DEMO-0002-SIGN'],
    ['DEMO-0002-SIGN', 'DEMO-0002-SIGN'],
  ])('/search-scheme?ref=%j looks the reference up at once and shows the sign', async (typed, signRef) => {
    const sign = { id: 2, signRef, registered: true, scheme: quayScheme };
    const calls = stubFetch({
      [`/api/stickers/search/${encodeURIComponent(typed.trim())}`]: { status: 200, body: sign },
      [`/api/stickers/search/${signRef}`]: { status: 200, body: sign },
      '/api/search-records/add': { status: 200, body: { success: true } },
    });
    const router = renderAt(`/search-scheme?ref=${encodeURIComponent(typed)}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'The scheme' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Quay Parking Ltd' })).toBeTruthy();
    expect(screen.getByText('21 November 2026')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/sign/${signRef}`);
    expect(calls.filter((c) => c.path === '/api/search-records/add').map((c) => c.body)).toEqual([
      { term: typed.trim(), stickerId: 2 },
    ]);
  });

  it('/search-scheme?ref= keeps an unknown reference in the box, says so and moves focus to it', async () => {
    stubFetch({ '/api/search-records/add': { status: 200, body: { success: true } } });
    const router = renderAt('/search-scheme?ref=DEMO-0009-SIGN');
    const message = await screen.findByText(lookupMessages.notFound);
    await waitFor(() => expect(document.activeElement).toBe(message));
    const box = screen.getByLabelText('The reference on the sign') as HTMLInputElement;
    expect(box.value).toBe('DEMO-0009-SIGN');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/search-scheme');
  });

  it('/search moves focus to what a search found, or to why it did not search', async () => {
    stubFetch({
      '/api/lookup/search': { status: 200, body: { results: [quayScheme], page: 1, hasMore: false } },
      '/api/search-records/add': { status: 200, body: { success: true } },
    });
    renderAt('/search');
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Company, site, town or postcode' });
    await user.type(box, 'q');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const tooShort = await screen.findByText(lookupMessages.termTooShort);
    await waitFor(() => expect(document.activeElement?.contains(tooShort)).toBe(true));

    await user.type(box, 'uay');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Results for “quay”' });
    await waitFor(() => expect(document.activeElement?.contains(heading)).toBe(true));
  });

  it('/sign/{ref} opens the contact form the brand gives it, with the sign, site and retention', async () => {
    stubFetch({
      '/api/stickers/search/DEMO-0002-SIGN': {
        status: 200,
        body: { id: 2, signRef: 'DEMO-0002-SIGN', registered: true, scheme: quayScheme },
      },
      '/api/search-records/add': { status: 200, body: { success: true } },
    });
    renderAt('/sign/DEMO-0002-SIGN');
    const open = await screen.findByRole('link', { name: 'Contact the operator' });
    // A link the server draws too: a tap before the page's scripts arrive opens the form all the same.
    expect(open.getAttribute('href')).toBe('/sign/DEMO-0002-SIGN/contact#contact');
    expect(screen.queryByText(/^The form of/)).toBeNull();
    await userEvent.click(open);
    expect(await screen.findByText('The form of DEMO-0002-SIGN at Quay car park, kept 30 days')).toBeTruthy();
  });
});
