import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAuthDialog, stubApi } from './test-harness';

async function requestReset(email: string, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi(routes);
  await renderAuthDialog({ mode: 'forgotPassword' });
  const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  const field = within(dialog).getByRole('textbox', { name: 'Email' });
  if (email) await user.type(field, email);
  await user.click(within(dialog).getByRole('button', { name: 'Send Reminder' }));
  return { api, dialog, field };
}

describe('forgot-password dialog', () => {
  it('asks for an e-mail address in an e-mail field', async () => {
    const { api, dialog, field } = await requestReset('');
    expect(field.getAttribute('type')).toBe('email');
    expect(field.hasAttribute('required')).toBe(true);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Please fill out the required field: Email');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(api.calls).toEqual([]);
  });

  it('refuses something that is not an e-mail address', async () => {
    const { api, dialog } = await requestReset('not-an-address');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(api.calls).toEqual([]);
  });

  it('says the reminder was sent and closes 2 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, dialog } = await requestReset('ada@example.com', {
      'POST /api/users/forgot-password': json({ message: 'Password reset email sent successfully' }),
    });
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Password reset email sent successfully',
    );
    expect(api.callsTo('POST /api/users/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['User not found', 'User does not exist. Please check the email address.'],
    ['Mail is switched off today.', 'Mail is switched off today.'],
    ['', 'An unexpected error occurred.'],
  ])('turns the answer %j into the error %j and stays open', async (answer, text) => {
    const { dialog } = await requestReset('ada@example.com', {
      'POST /api/users/forgot-password': json({ message: answer }),
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('dialog', { name: 'Forgot Password' })).toBeTruthy();
  });

  it("says 'Error occurred while sending reset email!' when the call fails", async () => {
    const { dialog } = await requestReset('ada@example.com', {
      'POST /api/users/forgot-password': json({ message: 'Too many attempts.' }, 429),
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error occurred while sending reset email!',
    );
  });

  it('clears its message after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog } = await requestReset('');
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2100));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
