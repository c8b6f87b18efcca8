import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  account,
  fakeApi,
  problemsListed,
  renderPage,
  signIn,
} from '../../components/signed-in/test-harness';
import { UpdateDetailsPage } from './update-details-page';

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
    expect(await problemsListed()).toEqual(['Passwords do not match.']);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('a new e-mail address needs the current password: asked for at its field and in the summary, in focus, before anything is sent', async () => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'PUT /api/account': { ...account(0), pendingEmail: 'new@example.com' },
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const u = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Your details' });
    // Not asked for while the address stays.
    expect(within(details).queryByLabelText('Current password')).toBeNull();
    const email = within(details).getByLabelText('E-mail');
    await u.clear(email);
    await u.type(email, 'new@example.com');
    await u.click(within(details).getByRole('button', { name: 'Save details' }));
    const password = within(details).getByLabelText('Current password');
    expect(await problemsListed(details)).toEqual([
      'Please enter your current password to change your e-mail address.',
    ]);
    await expect.poll(() => document.activeElement).toBe(within(details).getByRole('alert'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await u.type(password, 'correct horse');
    await u.click(within(details).getByRole('button', { name: 'Save details' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'PUT')?.body)
      .toEqual({
        title: 'Ms',
        firstname: 'Ada',
        surname: 'King',
        tel: '0113',
        email: 'new@example.com',
        currentPassword: 'correct horse',
      });
    const saved = await within(details).findByText(
      /We have sent a confirmation link to your new e-mail address/,
    );
    expect(document.activeElement).toBe(saved);
    // The address in use stays until the link is used; the password is not asked for again.
    expect((within(details).getByLabelText('E-mail') as HTMLInputElement).value).toBe('ada@example.com');
    expect(within(details).getByText('Waiting for confirmation: new@example.com')).toBeTruthy();
    expect(within(details).queryByLabelText('Current password')).toBeNull();
  });

  it("the server's refusal of the current password is shown at that field and in the summary, in focus", async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'PUT /api/account': Response.json(
        { message: 'Your current password is not correct.' },
        { status: 400 },
      ),
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const u = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Your details' });
    const email = within(details).getByLabelText('E-mail');
    await u.clear(email);
    await u.type(email, 'new@example.com');
    await u.type(within(details).getByLabelText('Current password'), 'a guess');
    await u.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await problemsListed(details)).toEqual(['Your current password is not correct.']);
    const password = within(details).getByLabelText('Current password');
    await expect.poll(() => document.activeElement).toBe(within(details).getByRole('alert'));
    expect(password.getAttribute('aria-describedby')).toContain(`${password.id}-error`);
    expect(document.getElementById(`${password.id}-error`)?.textContent).toBe(
      'Your current password is not correct.',
    );
  });

  it('the cancel link from the old address undoes the change, signs this browser out and says so in focus', async () => {
    signIn(true);
    const calls = fakeApi({
      'GET /api/account': account(1),
      'POST /api/account/email/cancel': {
        message:
          'The change of your e-mail address has been cancelled and everyone using your account has been signed out. If you did not ask for the change, someone may know your password: choose a new one with "Forgot Password?".',
      },
    });
    renderPage(<UpdateDetailsPage />, '/update-details?cancelEmailToken=0123456789abcdef0123');
    const heading = await screen.findByRole('heading', { name: 'E-mail change cancelled' });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/account/email/cancel',
      body: { token: '0123456789abcdef0123' },
    });
    const panel = heading.parentElement;
    expect(panel?.getAttribute('role')).toBe('status');
    expect(panel?.textContent).toContain('everyone using your account has been signed out');
    await expect.poll(() => document.activeElement).toBe(panel);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Please sign in to see this page.')).toBeTruthy();
  });

  it('a dead cancel link says why, signed out too', async () => {
    const calls = fakeApi({
      'POST /api/account/email/cancel': Response.json(
        { message: 'This cancellation link is invalid or has expired.' },
        { status: 400 },
      ),
    });
    renderPage(<UpdateDetailsPage />, '/update-details?cancelEmailToken=0123456789abcdef0123');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This cancellation link is invalid or has expired.');
    await expect.poll(() => document.activeElement).toBe(alert);
    expect(calls.map((c) => c.path)).toEqual(['/api/account/email/cancel']);
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
    expect(await problemsListed(section)).toEqual(['Type DELETE to confirm.']);
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
