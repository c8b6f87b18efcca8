import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Call, fakeApi, renderPage } from '../../components/signed-in/test-harness';
import { readSession } from '../../lib/session';
import { SignInPromptContext } from '../../lib/sign-in-prompt';
import { AcceptInvitePage } from './accept-invite-page';

// Issue 36 item 20: accepting an invitation signs the person in (no dead end, signed out with no
// button), and its password fields have the Show toggle of the sign-up dialog.

const TOKEN = '0123456789abcdef0123';
const invitation = { companyName: 'Northern Watch Ltd', email: 'new@example.com' };

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const sessionToken = `${base64url({ alg: 'HS256' })}.${base64url({ id: 12, userName: 'newcomer', exp: 4102444800 })}.sig`;

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'newcomer');
  await user.type(screen.getByLabelText('Password'), 'harbour lantern');
  await user.type(screen.getByLabelText('Confirm Password'), 'harbour lantern');
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
  return user;
}

afterEach(() => localStorage.clear());

describe('accepting an invitation', () => {
  it('signs the new user in with what they typed, says so in focus, and offers Your sites', async () => {
    const calls: Call[] = fakeApi({
      [`GET /api/company/invitations/${TOKEN}`]: invitation,
      'POST /api/company/invitations/accept': { message: 'Your account has been created.' },
      'POST /api/users/login': { status: 'success', token: sessionToken, message: 'Signed in' },
    });
    renderPage(<AcceptInvitePage />, `/accept-invite?token=${TOKEN}`);
    await fillAndSubmit();
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your account is ready and you are signed in as newcomer.');
    await expect.poll(() => document.activeElement).toBe(done);
    expect(screen.getByRole('link', { name: 'Go to your sites' }).getAttribute('href')).toBe('/your-sites');
    expect(calls.find((c) => c.path === '/api/users/login')?.body).toEqual({
      userName: 'newcomer',
      password: 'harbour lantern',
    });
    expect(readSession()).toMatchObject({ signedIn: true, master: false, userId: '12' });
  });

  it('when signing in cannot follow, offers Sign In with the new user name filled in', async () => {
    fakeApi({
      [`GET /api/company/invitations/${TOKEN}`]: invitation,
      'POST /api/company/invitations/accept': { message: 'Your account has been created.' },
      'POST /api/users/login': Response.json({ message: 'Too many tries.' }, { status: 429 }),
    });
    const asked: { returnTo: string; userName: string | undefined }[] = [];
    const prompt = (returnTo: string, userName?: string) => asked.push({ returnTo, userName });
    renderPage(
      <SignInPromptContext value={prompt}>
        <AcceptInvitePage />
      </SignInPromptContext>,
      `/accept-invite?token=${TOKEN}`,
    );
    const user = await fillAndSubmit();
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your account is ready. Sign in as newcomer',
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(asked).toEqual([{ returnTo: '/your-sites', userName: 'newcomer' }]);
    expect(readSession().signedIn).toBe(false);
  });

  it('both password fields have the Show toggle of the sign-up dialog', async () => {
    fakeApi({ [`GET /api/company/invitations/${TOKEN}`]: invitation });
    renderPage(<AcceptInvitePage />, `/accept-invite?token=${TOKEN}`);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'harbour lantern');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide Password' }));
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show Confirm Password' }));
    expect(screen.getByLabelText('Confirm Password').getAttribute('type')).toBe('text');
  });
});
