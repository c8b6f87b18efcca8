import { brandById } from '@app/brands';
import { lookupMessages, type RelayRequest } from '@app/contract/lookup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { fakeToken } from '../../test/render-shell';
import { lookupRoutes } from './routes';

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

function renderAt(path: string) {
  const router = createMemoryRouter(lookupRoutes, { initialEntries: [path] });
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

const request: RelayRequest = {
  id: 12,
  reference: 'R-000012',
  kind: 'footage',
  siteName: 'Quay car park',
  signRef: 'K7QM-3XWD-P9TE',
  visitorName: 'Sam Walker',
  visitorEmail: 'sam@example.net',
  message: '',
  footageDate: '2026-11-20',
  timeFrom: '14:00',
  timeTo: '14:30',
  location: 'By the pay machine',
  description: 'Red coat',
  receivedAt: '2026-11-21T10:00:00.000Z',
  dueDate: '2026-12-21',
  overwriteDate: '2026-11-27',
  answeredAt: null,
  dueSoon: false,
  overwriteSoon: true,
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
    expect(await screen.findByText(lookupMessages.notRegistered)).toBeTruthy();
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

  it('/requests lists the requests with both dates, marking the near one', async () => {
    localStorage.setItem('token', fakeToken(3600, 7));
    localStorage.setItem('userId', '7');
    stubFetch({ '/api/relay/requests': { status: 200, body: { requests: [request] } } });
    renderAt('/requests');
    const row = (await screen.findByRole('rowheader', { name: 'R-000012' })).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells[3]?.textContent).toBe('21 December 2026');
    expect(cells[4]?.textContent).toBe('27 November 2026Soon');
    expect(within(row).getByText('A copy of footage of me')).toBeTruthy();
  });

  it('/requests marks a request answered, and shows an answered one with its date and Reopen', async () => {
    localStorage.setItem('token', fakeToken(3600, 7));
    localStorage.setItem('userId', '7');
    const answered = { ...request, id: 13, reference: 'R-000013', answeredAt: '2026-11-22T09:00:00.000Z' };
    const calls = stubFetch({
      '/api/relay/requests': { status: 200, body: { requests: [request, answered] } },
      '/api/relay/requests/12': { status: 200, body: { ...request, answeredAt: '2026-11-22T10:00:00.000Z' } },
    });
    renderAt('/requests');
    const open = (await screen.findByRole('rowheader', { name: 'R-000012' })).closest('tr') as HTMLElement;
    expect(within(open).getAllByRole('cell')[5]?.textContent).toContain('Open');
    const done = screen.getByRole('rowheader', { name: 'R-000013' }).closest('tr') as HTMLElement;
    expect(within(done).getAllByRole('cell')[5]?.textContent).toContain('Answered 22 November 2026');
    expect(within(done).getByRole('button', { name: 'Reopen R-000013' })).toBeTruthy();

    await userEvent.click(within(open).getByRole('button', { name: 'Mark answered R-000012' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: '/api/relay/requests/12',
        body: { answered: true },
      }),
    );
  });
});
