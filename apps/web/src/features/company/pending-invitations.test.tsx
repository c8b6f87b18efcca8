import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { account, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { CompanyUsersPage } from './company-users-page';

// Issue 36, item 8: after "Invitation sent." the invitations waiting are listed, to send again or cancel.

const pending = (id: number, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  email,
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  expired: false,
  ...extra,
});

describe('/company-users: invitations waiting', () => {
  it('a new invitation joins the list as soon as it is sent, with when it was sent and until when it works', async () => {
    signIn(true);
    const replies: Record<string, unknown> = {
      'GET /api/account': account(1),
      'GET /api/users/company/5': [],
      'GET /api/company/invitations': [],
      'POST /api/company/add': { message: 'Invitation sent.' },
    };
    fakeApi(replies);
    renderPage(<CompanyUsersPage />, '/company-users');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Invitations waiting' });
    expect(await within(section).findByText('No invitations are waiting to be accepted.')).toBeTruthy();
    replies['GET /api/company/invitations'] = [pending(3, 'new@example.com')];
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const list = await within(section).findByRole('list', { name: 'Invitations waiting' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('new@example.com')]);
    expect(list.textContent).toContain('Sent 20 November 2026. The link works until 27 November 2026.');
  });

  it('sends one again and cancels one, saying what happened', async () => {
    signIn(true);
    const calls = fakeApi({
      'GET /api/account': account(1),
      'GET /api/users/company/5': [],
      'GET /api/company/invitations': [
        pending(3, 'late@example.com', { expired: true }),
        pending(4, 'wrong@example.com'),
      ],
      'POST /api/company/invitations/3/resend': {
        message: 'Invitation sent again to late@example.com. The link in the earlier mail no longer works.',
        invitations: [
          pending(3, 'late@example.com', {
            sentAt: '2026-11-27T10:00:00.000Z',
            expiresAt: '2026-12-04T10:00:00.000Z',
          }),
          pending(4, 'wrong@example.com'),
        ],
      },
      'DELETE /api/company/invitations/4': {
        message: 'Invitation to wrong@example.com cancelled: its link no longer works.',
        invitations: [pending(3, 'late@example.com')],
      },
    });
    vi.stubGlobal('confirm', () => true);
    renderPage(<CompanyUsersPage />, '/company-users');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Invitations waiting' });
    const list = await within(section).findByRole('list', { name: 'Invitations waiting' });
    expect(list.textContent).toContain('The link has expired: send it again for a new one.');

    await user.click(within(section).getByRole('button', { name: 'Send again to late@example.com' }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Invitation sent again to late@example.com. The link in the earlier mail no longer works.',
    );
    await expect.poll(() => list.textContent).toContain('The link works until 4 December 2026.');

    await user.click(within(section).getByRole('button', { name: 'Cancel invitation to wrong@example.com' }));
    await expect
      .poll(() => within(section).getByRole('status').textContent)
      .toBe('Invitation to wrong@example.com cancelled: its link no longer works.');
    expect(within(section).queryByText('wrong@example.com')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/company/invitations/3/resend',
      'DELETE /api/company/invitations/4',
    ]);
  });
});
