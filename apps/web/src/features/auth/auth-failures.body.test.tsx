import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inSeconds, json, renderAuthDialog, stubApi, tokenWith } from './test-harness';

// The account dialogs disable their button while a call is under way, so a refusal would leave
// the focus nowhere: the message of the whole form takes it (a field's message focuses its field).
// Each dialog's body is asserted whole in its own test file; here, what each refusal shows.

const confirmedLookup = json({ message: 'User found', confirmedAt: '2025-01-01T00:00:00.000Z' });

async function signIn(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  const { dialog } = await renderAuthDialog({ mode: 'signIn' });
  const user = userEvent.setup({ delay: null });
  await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'operator');
  await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
  await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  return { api, dialog };
}

describe('sign in, refused', () => {
  it.each([
    [
      'a wrong password (401)',
      {
        'POST /api/users/user': confirmedLookup,
        'POST /api/users/login': json({ status: 'error', message: 'Incorrect username or password.' }, 401),
      },
      'Incorrect username or password.',
    ],
    [
      'too many attempts (429)',
      {
        'POST /api/users/user': json(
          { message: 'Too many attempts. Please wait a minute and try again.' },
          429,
        ),
      },
      'Too many attempts. Please wait a minute and try again.',
    ],
    [
      'no such user',
      { 'POST /api/users/user': json({ message: 'User not found', confirmedAt: null }) },
      'User not found',
    ],
    [
      'no connection',
      {
        'POST /api/users/user': confirmedLookup,
        'POST /api/users/login': () => Promise.reject(new TypeError('Failed to fetch')),
      },
      'Login failed, please try again.',
    ],
  ] as const)('%s: the message takes the focus', async (_, routes, text) => {
    const { dialog } = await signIn(routes);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    await expect.poll(() => document.activeElement).toBe(alert);
  });
});

describe('forgot password, refused', () => {
  it.each([
    [
      'an unknown address',
      json({ message: 'User not found' }),
      'User does not exist. Please check the email address.',
    ],
    [
      'too many attempts (429)',
      json({ message: 'Too many attempts.' }, 429),
      'Error occurred while sending reset email!',
    ],
  ] as const)('%s: the message takes the focus', async (_, answer, text) => {
    const api = stubApi({ 'POST /api/users/forgot-password': answer });
    await renderAuthDialog({ mode: 'forgotPassword' });
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' ada@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminder' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    await expect.poll(() => document.activeElement).toBe(alert);
    expect(api.callsTo('POST /api/users/forgot-password').map((c) => c.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });
});

describe('reset password, refused', () => {
  it.each([
    [
      'an expired link (401)',
      json({ message: 'Invalid or expired reset link.' }, 401),
      'Failed to update password. Please try again.',
    ],
    ['an answer that is not a success', json({ message: 'Password unchanged' }), 'Password unchanged'],
  ] as const)('%s: the message takes the focus', async (_, answer, text) => {
    const resetToken = tokenWith({ id: 17, exp: inSeconds(3600), purpose: 'reset' });
    const api = stubApi({
      'GET /api/users/17': json([
        { id: 17, userName: 'operator', confirmedAt: '2025-01-01T00:00:00.000Z', masterUser: 1 },
      ]),
      'PUT /api/users/reset-password/': answer,
    });
    const { dialog } = await renderAuthDialog({ path: `/?value=${encodeURIComponent(resetToken)}` });
    await within(dialog).findByText('operator');
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText('New Password'), 'new-secret-1');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    await expect.poll(() => document.activeElement).toBe(alert);
    expect(api.callsTo('PUT /api/users/reset-password/').map((c) => c.body)).toEqual([
      { userName: 'operator', password: 'new-secret-1' },
    ]);
  });
});

describe('sign up, refused at Submit', () => {
  type User = ReturnType<typeof userEvent.setup>;
  const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
  const next = async (user: User, dialog: HTMLElement, step: number) => {
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText(new RegExp(`^Step ${step} of 4`));
  };

  async function submitSignUp(answer: Parameters<typeof stubApi>[0][string]) {
    const api = stubApi({
      'POST /api/stickers/signref': json({
        success: true,
        message: 'Sticker found',
        result: [{ id: 5, siteId: null, prefixNo: 'KQT40817' }],
      }),
      'GET /api/address/autocomplete/*': json({ suggestions: [] }),
      'POST /api/users/add': answer,
    });
    await renderAuthDialog({ mode: 'signUp' });
    const dialog = await screen.findByRole('dialog', { name: 'Create An Account' });
    const user = userEvent.setup({ delay: null });
    await user.type(textbox(dialog, 'Sign Reference'), 'K7QM-3XWD-P9TE');
    await user.type(textbox(dialog, 'Prefix Number'), 'kqt40817');
    await user.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
    await next(user, dialog, 2);
    await user.type(textbox(dialog, 'Username'), 'operator');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret-pass');
    await next(user, dialog, 3);
    for (const [label, value] of [
      ['Company Name', 'Acme Security Ltd'],
      ['Title', 'Ms'],
      ['First Name', 'Ada'],
      ['Surname', 'Lovelace'],
      ['Email', 'ada@example.com'],
      ['Confirm Email', 'ada@example.com'],
      ['Telephone', '0113 496 0000'],
      ['Town/City', 'Leeds'],
      ['Post Code', 'LS1 9ZQ'],
      ['Site Name', 'Front car park'],
      ['Key Information', 'Crime prevention.'],
    ] as const) {
      await user.click(textbox(dialog, label));
      await user.paste(value);
    }
    await user.click(within(dialog).getByRole('combobox', { name: 'Address 1' }));
    await user.paste('1 Lantern Row');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'County' }), 'Kent (England)');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    return { api, dialog };
  }

  it.each([
    [
      'a server failure (500)',
      json({ message: 'Something went wrong on our side. Please try again.' }, 500),
      // The dialog's own words for a failure of the server's side.
      'Sign-up failed. Please try again.',
    ],
    [
      'too many attempts (429)',
      json({ message: 'Too many attempts. Please wait a minute and try again.' }, 429),
      'Too many attempts. Please wait a minute and try again.',
    ],
  ] as const)('%s: the message takes the focus, on step 3 still', async (_, answer, text) => {
    const { api, dialog } = await submitSignUp(answer);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    await expect.poll(() => document.activeElement).toBe(alert);
    expect(within(dialog).getByText(/^Step 3 of 4/)).toBeTruthy();
    expect(api.callsTo('POST /api/users/add')).toHaveLength(1);
  });
});
