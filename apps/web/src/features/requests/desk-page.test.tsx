import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { daysFromToday, deskItem, renderRequests, stubFetch } from './test-support';

const counts = { open: 3, awaiting_visitor: 1, due_soon: 1, overdue: 1, closed: 4 };
/** The totals beside the filters and the menu entry come with the summary. */
const summary = { '/api/requests/summary': { status: 200, body: { counts, nearest: null } } };
const wait = { timeout: 5000 };

function signIn(master = false) {
  localStorage.setItem('token', fakeToken(3600, 7));
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(master));
}

describe('the request desk', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  it('asks a signed-out visitor to sign in, and asks the API nothing', async () => {
    const calls = stubFetch({});
    renderRequests('/requests');
    expect((await screen.findByRole('status', {}, wait)).textContent).toBe(
      'Please sign in to see your requests.',
    );
    expect(calls).toEqual([]);
  });

  it('shows the filters with their counts, the open one current, and one card per request with its dates and next step', async () => {
    signIn();
    const overdue = deskItem({
      id: 13,
      reference: 'R-000013',
      kind: 'question',
      overwrite: null,
      due: { date: '2026-11-20', reason: 'one month from receipt on 20 October 2026' },
      overdue: true,
      next: 'Answer the question: it is overdue',
    });
    const calls = stubFetch({
      '/api/requests?filter=open': {
        status: 200,
        body: { requests: [deskItem(), overdue], today: daysFromToday(0) },
      },
      ...summary,
    });
    renderRequests('/requests');
    const filters = await screen.findByRole('navigation', { name: 'Show requests' }, wait);
    await waitFor(() =>
      expect(
        within(filters)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Open 3', 'Awaiting the visitor 1', 'Due within 7 days 1', 'Overdue 1', 'Closed 4']),
    );
    expect(within(filters).getByRole('link', { name: 'Open 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'Overdue 1' }).getAttribute('href')).toBe(
      '/requests?filter=overdue',
    );

    const list = screen.getByRole('list', { name: 'Requests: Open' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    const link = within(first).getByRole('link', { name: 'R-000012: A copy of footage of me' });
    expect(link.getAttribute('href')).toBe('/requests/12');
    expect(within(first).getByText('Sam Walker, Quay car park')).toBeTruthy();
    expect(within(first).getByText('Footage overwritten').nextElementSibling?.textContent).toContain(
      'in 3 days',
    );
    expect(within(first).getByText('Answer by').nextElementSibling?.textContent).toBe(
      '21 December 2026one month from receipt on 21 November 2026',
    );
    expect(within(first).getByText('Next: Save the footage before it is overwritten')).toBeTruthy();
    const second = cards[1] as HTMLElement;
    expect(within(second).queryByText('Footage overwritten')).toBeNull();
    expect(within(second).getByText('Answer by').nextElementSibling?.textContent).toContain('Overdue');
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/requests/summary', '/api/requests?filter=open']);
    // A plain user is not offered the choice of who is told.
    expect(screen.queryByRole('heading', { name: 'Who is told of new requests' })).toBeNull();
  });

  it('marks footage past its overwrite date as past, and saved footage as saved', async () => {
    signIn();
    stubFetch({
      '/api/requests?filter=open': {
        status: 200,
        body: {
          requests: [
            deskItem({ overwrite: { date: daysFromToday(-2), reason: 'kept for 14 days' } }),
            deskItem({
              id: 14,
              reference: 'R-000014',
              footageSaved: { at: '2026-11-22T09:00:00.000Z', how: 'exported', note: '' },
            }),
          ],
          today: daysFromToday(0),
        },
      },
    });
    renderRequests('/requests');
    const past = (await screen.findByRole('link', { name: /^R-000012/ }, wait)).closest('li') as HTMLElement;
    expect(within(past).getByText('Past')).toBeTruthy();
    const saved = screen.getByRole('link', { name: /^R-000014/ }).closest('li') as HTMLElement;
    expect(within(saved).getByText('Saved')).toBeTruthy();
  });

  it('counts down from the server’s date, whatever the device’s clock says', async () => {
    signIn();
    // The device thinks it is 40 days earlier than the server: the server's "today" is used.
    stubFetch({
      '/api/requests?filter=open': {
        status: 200,
        body: {
          requests: [deskItem({ overwrite: { date: daysFromToday(3), reason: 'kept for 14 days' } })],
          today: daysFromToday(5),
        },
      },
    });
    renderRequests('/requests');
    const card = (await screen.findByRole('link', { name: /^R-000012/ }, wait)).closest('li') as HTMLElement;
    expect(within(card).getByText('Past')).toBeTruthy();
    expect(card.textContent).not.toContain('in 3 days');
  });

  it('follows a filter to its list, and says when it is empty', async () => {
    signIn();
    const calls = stubFetch({
      '/api/requests?filter=open': { status: 200, body: { requests: [deskItem()], today: daysFromToday(0) } },
      '/api/requests?filter=closed': { status: 200, body: { requests: [], today: daysFromToday(0) } },
      ...summary,
    });
    const router = renderRequests('/requests');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Closed 4' }, wait));
    expect(await screen.findByText('No requests: closed.')).toBeTruthy();
    expect(router.state.location.search).toBe('?filter=closed');
    expect(screen.getByRole('link', { name: 'Closed 4' }).getAttribute('aria-current')).toBe('page');
    expect(calls.map((c) => c.path).filter((p) => p.includes('filter='))).toEqual([
      '/api/requests?filter=open',
      '/api/requests?filter=closed',
    ]);
  });

  it('downloads the request log with the session’s token', async () => {
    signIn();
    const calls = stubFetch({
      '/api/requests?filter=open': { status: 200, body: { requests: [], today: daysFromToday(0) } },
      '/api/requests.csv': { status: 200, body: 'reference' },
    });
    const created = vi.fn(() => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRequests('/requests');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Download the request log (CSV)' }, wait));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const download = calls.find((c) => c.path === '/api/requests.csv');
    expect(download?.headers.authorization).toMatch(/^Bearer /);
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('lets a master user choose who is told of new requests', async () => {
    signIn(true);
    const users = [
      { id: 7, userName: 'owner', masterUser: true, notified: true },
      { id: 8, userName: 'colleague', masterUser: false, notified: false },
    ];
    const calls = stubFetch({
      '/api/requests?filter=open': { status: 200, body: { requests: [], today: daysFromToday(0) } },
      'GET /api/requests/notify': { status: 200, body: { users } },
      'PUT /api/requests/notify': {
        status: 200,
        body: { users: users.map((u) => ({ ...u, notified: true })) },
      },
    });
    renderRequests('/requests');
    const user = userEvent.setup();
    const section = (await screen.findByRole('heading', { name: 'Who is told of new requests' }, wait))
      .parentElement as HTMLElement;
    const owner = await within(section).findByRole('checkbox', { name: 'owner (master user)' });
    expect(owner).toHaveProperty('checked', true);
    await user.click(within(section).getByRole('checkbox', { name: 'colleague' }));
    await user.click(within(section).getByRole('button', { name: 'Save who is told' }));
    const status = await within(section).findByRole('status');
    expect(status.textContent).toBe('Saved: 2 of your users will be told of new requests.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ userIds: [7, 8] });
  });

  it('counts open requests beside the menu entry', async () => {
    signIn();
    stubFetch({
      '/api/requests/summary': {
        status: 200,
        body: {
          counts,
          nearest: { id: 12, reference: 'R-000012', date: '2026-11-30', what: 'footage overwritten' },
        },
      },
    });
    setScreenWidth(1280);
    await renderShell({ path: '/requests' });
    const entry = await screen.findByRole(
      'link',
      { name: 'Requests from the public, 3 open, 1 overdue' },
      wait,
    );
    expect(entry.getAttribute('href')).toBe('/requests');
  });

  it('sums up open requests and the nearest deadline on Your sites, where an operator lands after sign-in', async () => {
    signIn();
    stubFetch({
      '/api/account': {
        status: 200,
        body: {
          id: 7,
          userName: 'operator',
          title: 'Ms',
          firstname: 'Ada',
          surname: 'King',
          tel: '0113',
          email: 'ada@example.com',
          pendingEmail: null,
          masterUser: 0,
          companyId: 5,
          companyName: 'Northern Watch Ltd',
        },
      },
      '/api/sites/company/5': { status: 200, body: [] },
      '/api/requests/summary': {
        status: 200,
        body: {
          counts,
          nearest: { id: 12, reference: 'R-000012', date: '2026-11-30', what: 'footage overwritten' },
        },
      },
    });
    setScreenWidth(375);
    await renderShell({ path: '/your-sites' });
    const panel = (await screen.findByRole('heading', { name: 'Requests from the public' }, wait))
      .parentElement as HTMLElement;
    expect(panel.textContent).toContain(
      '3 open requests, 1 overdue; the nearest deadline: footage overwritten, 30 November 2026 (R-000012).',
    );
    expect(within(panel).getByRole('link', { name: 'R-000012' }).getAttribute('href')).toBe('/requests/12');
    expect(within(panel).getByRole('link', { name: 'Open the request desk' }).getAttribute('href')).toBe(
      '/requests',
    );
  });
});
