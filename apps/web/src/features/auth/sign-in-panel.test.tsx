import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SignInGate } from '../../components/sign-in-gate';
import { findDialog } from '../../test/dialog';
import { AuthDialogProvider } from './auth-dialog-provider';
import { type ApiCall, inSeconds, json, renderAuthDialog, stubApi, tokenWith } from './test-harness';

const sessionToken = tokenWith({ id: 17, userName: 'operator', exp: inSeconds(3600) });
const confirmedLookup = json({ message: 'User found', confirmedAt: '2025-01-01T00:00:00.000Z' });
const userRecord = (masterUser: 0 | 1, confirmedAt: string | null = '2025-01-01T00:00:00.000Z') =>
  json([{ id: 17, userName: 'operator', confirmedAt, masterUser }]);

async function fillAndSubmit(dialog: HTMLElement, userName: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (userName) await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), userName);
  if (password) await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  return user;
}

/** The text of the elements an input's aria-describedby names. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('sign-in dialog', () => {
  it.each([
    ['', 'secret-pass', 'Username is required', 'Username'],
    ['operator', '', 'Password is required', 'Password'],
  ])(
    'with username %j and password %j it says %j at that field and calls nothing',
    async (name, password, text, label) => {
      const api = stubApi({});
      const { dialog } = await renderAuthDialog({ mode: 'signIn' });
      await fillAndSubmit(dialog, name, password);

      const error = await within(dialog).findByRole('alert');
      expect(error.textContent).toBe(text);
      const field = within(dialog).getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(error.id);
      expect(document.activeElement).toBe(field);
      expect(api.calls).toEqual([]);
    },
  );

  it('clears its message after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({});
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Username is required');

    act(() => vi.advanceTimersByTime(2900));
    expect(within(dialog).getByRole('alert').textContent).toBe('Username is required');
    act(() => vi.advanceTimersByTime(200));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Off the screen, the error still describes the field until the field changes.
    const field = within(dialog).getByRole('textbox', { name: 'Username' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toBe('Username is required');

    await user.type(field, 'a');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(description(field)).toBe('');
  });

  it("says 'User not found' when the lookup does not know the username", async () => {
    const api = stubApi({ 'POST /api/users/user': json({ message: 'User not found', confirmedAt: null }) });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    await fillAndSubmit(dialog, 'nobody', 'secret-pass');

    expect((await within(dialog).findByRole('alert')).textContent).toBe('User not found');
    expect(api.callsTo('POST /api/users/user')[0]?.body).toEqual({ userName: 'nobody' });
    expect(api.callsTo('POST /api/users/login')).toEqual([]);
  });

  it("says 'Your Account is not confirmed' and offers a new confirmation link", async () => {
    const api = stubApi({
      'POST /api/users/user': json({ message: 'User found', confirmedAt: null }),
      'POST /api/users/resend-confirmation': json({
        message: 'If that account is waiting for confirmation, a new link is on its way.',
      }),
    });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    const user = await fillAndSubmit(dialog, 'operator', 'secret-pass');

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your Account is not confirmed');
    expect(api.callsTo('POST /api/users/login')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send a new confirmation link' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'If that account is waiting for confirmation, a new link is on its way.',
    );
    expect(api.callsTo('POST /api/users/resend-confirmation')[0]?.body).toEqual({ userName: 'operator' });
  });

  it('shows the login message when the login is refused, and keeps any stored session', async () => {
    localStorage.setItem('token', 'someone.elses.session');
    stubApi({
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'error', message: 'Incorrect username or password.' }, 401),
    });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    await fillAndSubmit(dialog, 'operator', 'wrong-pass');

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(localStorage.getItem('token')).toBe('someone.elses.session');
  });

  it('shows the login message of an answer whose status is not success', async () => {
    stubApi({
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'error', message: 'Account locked.' }),
    });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    await fillAndSubmit(dialog, 'operator', 'secret-pass');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Account locked.');
  });

  it("says 'Login failed, please try again.' when the server cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    await fillAndSubmit(dialog, 'operator', 'secret-pass');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Login failed, please try again.');
  });

  it("shows the server's message when a call fails with one", async () => {
    stubApi({
      'POST /api/users/user': json(
        { message: 'Too many attempts. Please wait a minute and try again.' },
        429,
      ),
    });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    await fillAndSubmit(dialog, 'operator', 'secret-pass');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('signs in: stores the session, says so, closes and goes to /your-sites', async () => {
    const api = stubApi({
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'success', token: sessionToken, message: 'Login successful!' }),
      'GET /api/users/17': userRecord(1),
    });
    await renderAuthDialog({ mode: 'signIn', path: '/faqs' });
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    await fillAndSubmit(dialog, 'operator', 'secret-pass');

    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/your-sites');
    expect(localStorage.getItem('token')).toBe(sessionToken);
    expect(localStorage.getItem('userId')).toBe('17');
    expect(localStorage.getItem('masterUser')).toBe('true');
    expect(api.callsTo('POST /api/users/login')[0]?.body).toEqual({
      userName: 'operator',
      password: 'secret-pass',
    });
    expect(api.callsTo('GET /api/users/17')[0]?.headers.get('Authorization')).toBe(`Bearer ${sessionToken}`);
  });

  it('stores masterUser false for a user who is not a master user, and submits on Enter', async () => {
    stubApi({
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'success', token: sessionToken, message: '' }),
      'GET /api/users/17': userRecord(0),
    });
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'operator');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass{Enter}');

    // An empty server message falls back to the spec's words.
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(localStorage.getItem('masterUser')).toBe('false');
  });

  it('shows and hides the password', async () => {
    const { dialog } = await renderAuthDialog({ mode: 'signIn' });
    const user = userEvent.setup({ delay: null });
    const password = within(dialog).getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Show Password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(within(dialog).getByRole('button', { name: 'Hide Password' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});

describe('confirmation mode (?userId=&token=)', () => {
  const confirmPath = '/?userId=17&token=0123456789abcdef0123456789abcdef';

  it('prefills the username, confirms the account, signs in and goes to /your-sites', async () => {
    const api = stubApi({
      'GET /api/users/confirmuser/17?token=*': userRecord(1, null),
      'PUT /api/users/17': json({
        message: 'User confirmed successfully!',
        confirmedAt: '2025-06-01T10:00:00.000Z',
      }),
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'success', token: sessionToken, message: 'Login successful!' }),
      'GET /api/users/17': userRecord(1),
    });
    const { dialog } = await renderAuthDialog({ path: confirmPath });
    expect(within(dialog).getByRole('heading', { name: 'Confirm Account' })).toBeTruthy();
    const userName = within(dialog).getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect((userName as HTMLInputElement).value).toBe('operator'));
    expect(within(dialog).queryByRole('button', { name: 'Forgot Password?' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Create An Account' })).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('User confirmed successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/your-sites'));
    // One toast, not two stacked over the page's heading.
    expect(screen.queryByText('Login successful!')).toBeNull();
    const [put] = api.callsTo('PUT /api/users/17') as [ApiCall];
    expect(put.body).toMatchObject({
      confirmToken: '0123456789abcdef0123456789abcdef',
      password: 'secret-pass',
    });
    const { confirmedAt } = put.body as { confirmedAt: string };
    expect(new Date(confirmedAt).toISOString()).toBe(confirmedAt);
    expect(localStorage.getItem('token')).toBe(sessionToken);
  });

  it('with a wrong password: the server confirms nothing, the dialog says so, nobody is signed in', async () => {
    // The server checks the password sent with the confirmation before it confirms anything.
    const api = stubApi({
      'GET /api/users/confirmuser/17?token=*': userRecord(1, null),
      'PUT /api/users/17': (call) =>
        (call.body as { password?: string }).password === 'secret-pass'
          ? Response.json({
              message: 'User confirmed successfully!',
              confirmedAt: '2025-06-01T10:00:00.000Z',
            })
          : Response.json({ message: 'Incorrect username or password.' }, { status: 401 }),
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'success', token: sessionToken, message: 'Login successful!' }),
      'GET /api/users/17': userRecord(1),
    });
    const { dialog } = await renderAuthDialog({ path: confirmPath });
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe(
        'operator',
      ),
    );
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByText('Incorrect username or password.')).toBeTruthy();
    expect(api.callsTo('PUT /api/users/17').map((c) => (c.body as { password: string }).password)).toEqual([
      'wrong-pass',
    ]);
    expect(api.callsTo('POST /api/users/login')).toEqual([]);
    expect(screen.queryByText('User confirmed successfully!')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe(confirmPath);
  });

  it('opens an account already confirmed in ordinary Sign In, its user name filled, and confirms nothing again', async () => {
    const api = stubApi({
      'GET /api/users/confirmuser/17?token=*': userRecord(1),
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'success', token: sessionToken, message: 'Login successful!' }),
      'GET /api/users/17': userRecord(1),
    });
    const { router } = await renderAuthDialog({ path: confirmPath });
    // The link opened again (or by a mail client first): not 'Confirm Account' with an error.
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect((within(dialog).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe(
      'operator',
    );
    const notice = within(dialog).getByText('This account is already confirmed. Please sign in.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(within(dialog).queryByText('Error fetching user data')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(api.callsTo('PUT /api/users/17')).toEqual([]);
    expect(screen.queryByText('User confirmed successfully!')).toBeNull();
  });

  it.each([
    ['invalid or expired', 'This confirmation link is invalid or has expired. You can ask for a new one.'],
    ['refused by the schema', 'token: Too small: expected string to have >=16 characters'],
  ])(
    'says a link the server refuses (%s) is invalid or expired, in friendly words, and offers a new one',
    async (_, reason) => {
      const api = stubApi({
        'GET /api/users/confirmuser/17?token=*': json({ message: reason }, 400),
        'POST /api/users/resend-confirmation': json({ message: 'A new link is on its way.' }),
      });
      const { dialog } = await renderAuthDialog({ path: confirmPath });
      const alert = await within(dialog).findByRole('alert');
      expect(
        within(alert).getByText(
          'This confirmation link is invalid or has expired. You can ask for a new one.',
        ),
      ).toBeTruthy();
      expect(alert.textContent).not.toContain('Error fetching user data');
      expect(alert.textContent).not.toContain('Too small');
      await waitFor(() => expect(document.activeElement).toBe(alert));

      const user = userEvent.setup({ delay: null });
      await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'operator');
      await user.click(within(dialog).getByRole('button', { name: 'Send a new confirmation link' }));
      expect((await within(dialog).findByRole('status')).textContent).toBe('A new link is on its way.');
      expect(api.callsTo('POST /api/users/resend-confirmation')[0]?.body).toEqual({ userName: 'operator' });
    },
  );

  it("says only 'Error fetching user data' when the server cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/users/confirmuser/17?token=*': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { dialog } = await renderAuthDialog({ path: confirmPath });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Error fetching user data');
    expect(within(dialog).getByRole('textbox', { name: 'Username' }).hasAttribute('readonly')).toBe(false);
  });

  it.each([
    ['has no token', '/?userId=17'],
    ['was cut short by a mail client', '/?userId=17&token=abc123'],
    ['has a mangled id', '/?userId=17x&token=0123456789abcdef0123'],
  ])('says the link cannot be used when it %s, without asking the server', async (_, path) => {
    const api = stubApi({});
    const { dialog } = await renderAuthDialog({ path });
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).not.toContain('Error fetching user data');
    expect(
      within(alert).getByText('This confirmation link is invalid or has expired. You can ask for a new one.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(within(dialog).getByRole('button', { name: 'Send a new confirmation link' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

/** A signed-in page, signed out: its gate, and where the router is. */
function GatedPage() {
  const location = useLocation();
  return (
    <>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <SignInGate message="Please sign in to see this page." />
    </>
  );
}

describe('Sign In from a signed-in page', () => {
  it('opens the sign-in dialog from the page and, signed in, returns to the page asked for', async () => {
    stubApi({
      'POST /api/users/user': confirmedLookup,
      'POST /api/users/login': json({ status: 'success', token: sessionToken, message: 'Login successful!' }),
      'GET /api/users/17': userRecord(1),
    });
    await import('./auth-dialogs');
    const router = createMemoryRouter(
      [
        {
          element: (
            <AuthDialogProvider>
              <Outlet />
            </AuthDialogProvider>
          ),
          children: [{ path: '*', element: <GatedPage /> }],
        },
      ],
      { initialEntries: ['/manage-signs?site=3'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('status').textContent).toBe('Please sign in to see this page.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await findDialog('Sign In');
    await fillAndSubmit(dialog, 'operator', 'secret-pass');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/manage-signs?site=3');
    expect(localStorage.getItem('token')).toBe(sessionToken);
  });
});
