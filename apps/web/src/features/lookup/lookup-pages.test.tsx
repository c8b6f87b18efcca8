import { brandById } from '@app/brands';
import { lookupMessages, type RelayRequest, type Scheme } from '@app/contract/lookup';
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

  describe('the contact-the-operator form', () => {
    async function openRelay(
      relayReply: Reply = { status: 200, body: { reference: 'R-000042', message: 'ok' } },
    ) {
      const calls = stubFetch({
        '/api/stickers/search/DEMO-0002-SIGN': {
          status: 200,
          body: { id: 2, signRef: 'DEMO-0002-SIGN', registered: true, scheme: quayScheme },
        },
        '/api/search-records/add': { status: 200, body: { success: true } },
        '/api/signs/DEMO-0002-SIGN/contact': relayReply,
      });
      renderAt('/sign/DEMO-0002-SIGN');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Contact the operator' }));
      const form = screen.getByRole('form', { name: 'Contact the operator' });
      return { calls, user, form };
    }
    const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });
    const describedText = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');

    it('marks required fields, lists every problem in a summary that takes focus, each at its field too', async () => {
      const { calls, user, form } = await openRelay();
      expect(field(form, /^Your name/).hasAttribute('required')).toBe(true);
      const labelOf = (box: HTMLElement) => (box as HTMLInputElement).labels?.[0]?.textContent;
      expect(labelOf(field(form, /^Your name/))).toBe('Your name * (required)');
      expect(labelOf(field(form, /^Your e-mail/))).toBe('Your e-mail * (required)');
      expect(
        within(form)
          .getAllByRole('radio')
          .every((radio) => radio.hasAttribute('required')),
      ).toBe(true);

      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
      const summary = await within(form).findByRole('alert');
      await waitFor(() => expect(document.activeElement).toBe(summary));
      expect(within(summary).getByRole('heading').textContent).toBe('There is a problem');
      const links = within(summary).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'Please enter your name.',
        'Please enter a valid e-mail address.',
        'Please write your message.',
      ]);
      const name = field(form, /^Your name/);
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(describedText(name)).toContain('Please enter your name.');
      expect(field(form, /^Your message/).getAttribute('aria-invalid')).toBe('true');

      // A link in the summary takes the visitor to its field.
      await user.click(links[1] as HTMLElement);
      expect(document.activeElement).toBe(field(form, /^Your e-mail/));
      expect(calls.filter((c) => c.path.endsWith('/contact'))).toEqual([]);

      // Fixing a field clears its message; the others stay.
      await user.type(name, 'Sam Walker');
      expect(name.getAttribute('aria-invalid')).toBeNull();
      expect(within(summary).queryByText('Please enter your name.')).toBeNull();
    });

    it('asks a footage request for the date, time window and a description', async () => {
      const { user, form } = await openRelay();
      await user.type(field(form, /^Your name/), 'Sam Walker');
      await user.type(field(form, /^Your e-mail/), 'sam@example.net');
      await user.click(within(form).getByRole('radio', { name: 'A copy of footage of me' }));
      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
      const summary = await within(form).findByRole('alert');
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Enter the date.',
        'Enter the time window.',
        'Describe yourself so the operator can find you in the recording.',
      ]);
      expect(within(form).getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
      expect(within(form).getByLabelText(/^Date/).hasAttribute('required')).toBe(true);
      expect(
        within(form)
          .getAllByRole('textbox')
          .map((box) => box.getAttribute('id')),
      ).toContain('relay-message');
      expect(
        within(form)
          .getByLabelText(/^Anything else/)
          .hasAttribute('required'),
      ).toBe(false);
    });

    it('sends, then shows the reference in a status that takes focus', async () => {
      const { calls, user, form } = await openRelay();
      await user.type(field(form, /^Your name/), 'Sam Walker');
      await user.type(field(form, /^Your e-mail/), 'sam@example.net');
      await user.type(field(form, /^Your message/), 'Who do I ask about the barrier?');
      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
      const status = await screen.findByRole('status');
      expect(status.textContent).toContain('Your reference is R-000042.');
      await waitFor(() => expect(document.activeElement).toBe(status));
      expect(calls.find((c) => c.path.endsWith('/contact'))?.body).toEqual({
        name: 'Sam Walker',
        email: 'sam@example.net',
        kind: 'question',
        message: 'Who do I ask about the barrier?',
      });
    });

    it('shows a refusal of the server in the summary, focused, and keeps what was typed', async () => {
      const { user, form } = await openRelay({
        status: 429,
        body: { message: 'Too many messages. Please try again later.' },
      });
      await user.type(field(form, /^Your name/), 'Sam Walker');
      await user.type(field(form, /^Your e-mail/), 'sam@example.net');
      await user.type(field(form, /^Your message/), 'Hello');
      await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
      const summary = await within(form).findByRole('alert');
      expect(summary.textContent).toContain('Too many messages. Please try again later.');
      await waitFor(() => expect(document.activeElement).toBe(summary));
      expect((field(form, /^Your message/) as HTMLTextAreaElement).value).toBe('Hello');
    });
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
