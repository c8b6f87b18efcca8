import { brandById } from '@app/brands';
import type { DisclosureLogEntry } from '@app/contract/disclosure-log';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { storeSession } from '../../lib/session';
import { fakeToken } from '../../test/render-shell';
import { LogPage } from './log-page';

const wait = { timeout: 5000 };
const HASH = 'a'.repeat(64);
const LETTER_HASH = 'b'.repeat(64);

const entry = (over: Partial<DisclosureLogEntry> = {}): DisclosureLogEntry => ({
  key: 'd1',
  kind: 'released',
  at: '2026-11-20T10:00:00.000Z',
  requestId: 12,
  reference: 'R-7KX4-M2QD',
  recipient: 'Jamie Fox',
  organisation: 'Private individual (the person in the footage)',
  legalBasis: 'UK GDPR Article 15: right of access (the person asking is in the footage)',
  items: [
    { filename: 'entrance.mp4', sha256: HASH, sizeBytes: 1_048_576 },
    { filename: 'Reply letter (PDF)', sha256: LETTER_HASH, sizeBytes: 20_480 },
  ],
  authorisedBy: 'demo',
  expiresAt: '2026-12-04T10:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
  state: 'available',
  downloads: 3,
  note: '',
  ...over,
});

function answer(replies: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://signs.localhost').pathname;
    return replies[path]?.() ?? Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderLog() {
  const router = createMemoryRouter([{ path: '*', element: <LogPage /> }], {
    initialEntries: ['/company/disclosure-log'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <BrandProvider brand={brandById('signs')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
}

describe('/company/disclosure-log', () => {
  beforeEach(() => storeSession(fakeToken(3600, 7), true));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says while it loads, then lists each entry with its hashes, and downloads the CSV', async () => {
    const fetch = answer({
      '/api/company/disclosure-log': () =>
        Response.json({
          entries: [
            entry(),
            entry({
              key: 'e9',
              kind: 'third_party_declined',
              recipient: 'PC 4821 Dana Wells',
              organisation: 'West Yorkshire Police',
              legalBasis: 'DPA 2018 Schedule 2 paragraph 2',
              items: [],
              expiresAt: null,
              state: 'declined',
              downloads: null,
              note: 'Not necessary for the offence named.',
            }),
          ],
          total: 2,
        }),
      '/api/company/disclosure-log.csv': () =>
        new Response('date\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    const created = vi.fn(() => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderLog();
    expect(screen.getByText('Loading the disclosure log…')).toBeTruthy();
    const table = await screen.findByRole('table', {}, wait);
    const [, released, declined] = within(table).getAllByRole('row');
    expect(within(released as HTMLElement).getByRole('rowheader').textContent).toBe(
      '20 November 2026Released to the requesterR-7KX4-M2QD',
    );
    expect(
      within(released as HTMLElement)
        .getByRole('link', { name: 'R-7KX4-M2QD' })
        .getAttribute('href'),
    ).toBe('/requests/12');
    expect(released?.textContent).toContain(`entrance.mp4 (1 MB)SHA-256 ${HASH}`);
    expect(released?.textContent).toContain(`SHA-256 ${LETTER_HASH}`);
    expect(released?.textContent).toContain('Expires 4 December 2026');
    expect(declined?.textContent).toContain('West Yorkshire Police');
    expect(declined?.textContent).toContain('Not necessary for the offence named.');
    expect(declined?.textContent).toContain('Not through the register');
    expect(screen.getByText('2 entries.')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    const csvCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/company/disclosure-log.csv'));
    expect(csvCall).toBeDefined();
  });

  it('says when nothing has been disclosed yet', async () => {
    answer({ '/api/company/disclosure-log': () => Response.json({ entries: [], total: 0 }) });
    renderLog();
    expect(await screen.findByText(/^Nothing disclosed yet\./, {}, wait)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is for master users only', () => {
    storeSession(fakeToken(3600, 7), false);
    const fetch = answer({});
    renderLog();
    expect(screen.getByText('Only a master user of your company can see the disclosure log.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
