import { brandById } from '@app/brands';
import { lookupMessages } from '@app/contract/lookup-text';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { PrintPage } from './print-page';
import { SignPage } from './sign-page';

afterEach(() => vi.unstubAllGlobals());

/** The print page of an issued sign no operator has registered, with a contact page beside it. */
function renderUnregisteredSign(page: React.ReactNode) {
  const sign = { id: 5, signRef: 'K7QM-3XWD-P9TE', registered: false, scheme: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(sign), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: '/sign/:signRef/print', element: page },
      { path: '/contact-us', element: <h1>Contact us page</h1> },
    ],
    { initialEntries: ['/sign/K7QM-3XWD-P9TE/print'] },
  );
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return router;
}

describe('an issued sign that is not registered', () => {
  it.each([
    ['sign page', <SignPage key="sign" contactForm={() => null} />],
    ['print page', <PrintPage key="print" />],
  ])('its %s says so, and "Contact us" is a link that opens the contact page', async (_, page) => {
    const router = renderUnregisteredSign(page);
    // The whole sentence as before, with its "Contact us" now a link.
    const notice = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === lookupMessages.notRegistered,
    );
    const link = screen.getByRole('link', { name: 'Contact us' });
    expect(notice.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/contact-us');
    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/contact-us');
    expect(await screen.findByRole('heading', { name: 'Contact us page' })).toBeTruthy();
  });
});
