import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CompanyUsersPage } from './company-users-page';
import { account, fakeApi, renderPage, signIn } from './test-harness';
import { UpdateDetailsPage } from './update-details-page';

const user = (id: number, userName: string, masterUser: 0 | 1) => ({
  id,
  userName,
  email: `${userName}@example.com`,
  firstname: '',
  surname: '',
  masterUser,
  confirmedAt: '2026-01-01T00:00:00.000Z',
});

describe('/update-details', () => {
  it('a new password must match its confirmation before anything is sent', async () => {
    signIn(false);
    const calls = fakeApi({ 'GET /api/account': account(0) });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Current password'), 'old password');
    await u.type(screen.getByLabelText('New password'), 'a new password');
    await u.type(screen.getByLabelText('Confirm new password'), 'another one');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('deleting the account asks for the password and the word DELETE, then says what goes', async () => {
    signIn(true);
    const calls = fakeApi({
      'GET /api/account': account(1),
      'POST /api/account/delete': { message: 'Your account has been deleted.' },
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Delete my account' });
    expect(section.textContent).toContain('its signs are released');
    await u.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    await u.type(within(section).getByLabelText('Your password'), 'correct horse');
    await u.type(within(section).getByLabelText('Type DELETE to confirm'), 'delete');
    await u.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
    expect(within(section).getByRole('alert').textContent).toBe('Type DELETE to confirm.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await u.clear(within(section).getByLabelText('Type DELETE to confirm'));
    await u.type(within(section).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await u.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST'))
      .toEqual({
        method: 'POST',
        path: '/api/account/delete',
        body: { password: 'correct horse', confirm: 'DELETE' },
      });
    await expect.poll(() => localStorage.getItem('token')).toBeNull();
  });
});

describe('/company-users', () => {
  it('the only master user cannot be unmade; others can be promoted or removed', async () => {
    signIn(true);
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/users/company/5': [user(7, 'operator', 1), user(8, 'helper', 0)],
    });
    renderPage(<CompanyUsersPage />, '/company-users');
    const unmake = await screen.findByRole('button', { name: 'Unmake master operator' });
    expect(unmake).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Make master helper' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Remove helper' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove operator' })).toBeNull();
  });
});
