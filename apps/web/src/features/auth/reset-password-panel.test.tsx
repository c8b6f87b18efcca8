import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inSeconds, json, renderAuthDialog, stubApi, tokenWith } from './test-harness';

const resetToken = tokenWith({ id: 17, exp: inSeconds(3600), purpose: 'reset' });
const operator = json([
  { id: 17, userName: 'operator', confirmedAt: '2025-01-01T00:00:00.000Z', masterUser: 1 },
]);

async function openReset(token: string, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi(routes);
  const { dialog, router } = await renderAuthDialog({ path: `/?value=${encodeURIComponent(token)}` });
  return { api, dialog, router };
}

async function openForm(routes: Parameters<typeof stubApi>[0] = {}) {
  const opened = await openReset(resetToken, { 'GET /api/users/17': operator, ...routes });
  await within(opened.dialog).findByText('operator');
  return opened;
}

async function submit(dialog: HTMLElement, password: string, confirm: string) {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  if (password) await user.type(within(dialog).getByLabelText('New Password'), password);
  if (confirm) await user.type(within(dialog).getByLabelText('Confirm Password'), confirm);
  await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
  return user;
}

describe('reset-password dialog: the link', () => {
  it.each([
    ['a value that is no token', 'reset-token-123', 'Invalid reset link.'],
    ['a token that is not JSON', 'aaa.bm90IGpzb24.sig', 'Invalid reset link.'],
    ['an expired token', tokenWith({ id: 17, exp: inSeconds(-5) }), 'Invalid or expired reset link.'],
    ['a token without an id', tokenWith({ exp: inSeconds(3600) }), 'Invalid or expired reset link.'],
    ['a token without an expiry', tokenWith({ id: 17 }), 'Invalid or expired reset link.'],
  ])('%s: %j, without asking the server', async (_case, token, text) => {
    const { api, dialog } = await openReset(token);
    expect(within(dialog).getByRole('alert').textContent).toBe(text);
    expect(within(dialog).queryByLabelText('New Password')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it.each([
    ['the user is not found', json({ message: 'Not found' }, 404), 'User not found.'],
    ['the answer holds no user', json([]), 'User not found.'],
    [
      'the link was used or replaced',
      json({ message: 'Please sign in again.' }, 401),
      'Invalid or expired reset link.',
    ],
    [
      'the server fails',
      json({ message: 'Something went wrong on our side. Please try again.' }, 500),
      'Failed to fetch user data.',
    ],
  ])('when %s: %j', async (_case, answer, text) => {
    localStorage.setItem('token', 'someone.elses.session');
    const { dialog } = await openReset(resetToken, { 'GET /api/users/17': answer });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
    // The reset link's refusal is no reason to end the session of whoever uses this browser.
    expect(localStorage.getItem('token')).toBe('someone.elses.session');
  });

  it('reads the user with the reset token as the bearer, and never stores it', async () => {
    const { api } = await openForm();
    expect(api.callsTo('GET /api/users/17')[0]?.headers.get('Authorization')).toBe(`Bearer ${resetToken}`);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers to ask for a new link, opening the Forgot Password dialog', async () => {
    const { dialog, router } = await openReset('reset-token-123');
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});

describe('reset-password dialog: the form', () => {
  it.each([
    ['', '', 'Password must be at least 8 characters long.', 'New Password'],
    ['short', 'short', 'Password must be at least 8 characters long.', 'New Password'],
    ['new-secret-1', '', 'Passwords do not match.', 'Confirm Password'],
    ['new-secret-1', 'new-secret-2', 'Passwords do not match.', 'Confirm Password'],
  ])('password %j and confirmation %j: %j', async (password, confirm, text, label) => {
    const { api, dialog } = await openForm();
    await submit(dialog, password, confirm);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(within(dialog).getByLabelText(label).getAttribute('aria-describedby')).toContain(alert.id);
    expect(api.callsTo('PUT /api/users/reset-password/')).toEqual([]);
  });

  it('shows and hides each password', async () => {
    const { dialog } = await openForm();
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Show New Password' }));
    expect(within(dialog).getByLabelText('New Password').getAttribute('type')).toBe('text');
    expect(within(dialog).getByLabelText('Confirm Password').getAttribute('type')).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Show Confirm Password' }));
    expect(within(dialog).getByLabelText('Confirm Password').getAttribute('type')).toBe('text');
  });

  it('saves the new password with the reset token, says so and 1 second later opens Sign In with the user name', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, dialog, router } = await openForm({
      'PUT /api/users/reset-password/': json({ message: 'Password reset successfully' }),
    });
    await submit(dialog, 'new-secret-1', 'new-secret-1');
    expect((await within(dialog).findByRole('status')).textContent).toBe('Password reset successfully');
    const [put] = api.callsTo('PUT /api/users/reset-password/');
    expect(put?.body).toEqual({ userName: 'operator', password: 'new-secret-1' });
    expect(put?.headers.get('Authorization')).toBe(`Bearer ${resetToken}`);

    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    // Not left signed out with nothing to do: Sign In, the user name filled, saying why (issue 36, item 19).
    const signIn = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull();
    expect((within(signIn).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe(
      'operator',
    );
    const notice = within(signIn).getByText(
      'Your password has been changed. Sign in with your new password.',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(router.state.location.search).toBe('');
  });

  it('shows any other answer as an error and stays open', async () => {
    const { dialog } = await openForm({
      'PUT /api/users/reset-password/': json({ message: 'Password unchanged' }),
    });
    await submit(dialog, 'new-secret-1', 'new-secret-1');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Password unchanged');
  });

  it('shows a password the server finds too common on the New Password field', async () => {
    const tooCommon =
      'This password is too common and easy to guess. Please choose another: three or four unrelated words make a strong one.';
    const { dialog } = await openForm({
      'PUT /api/users/reset-password/': json({ message: tooCommon }, 400),
    });
    await submit(dialog, 'password123', 'password123');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(tooCommon);
    expect(within(dialog).getByLabelText('New Password').getAttribute('aria-describedby')).toContain(
      alert.id,
    );
  });

  it("says 'Failed to update password. Please try again.' when the call fails, and clears it after 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog } = await openForm({
      'PUT /api/users/reset-password/': json({ message: 'Invalid or expired reset link.' }, 401),
    });
    await submit(dialog, 'new-secret-1', 'new-secret-1');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to update password. Please try again.',
    );
    act(() => vi.advanceTimersByTime(2100));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
