import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../components/signed-in/test-harness';
import { AcceptInvitePage } from './accept-invite-page';

// Accepting an invitation: the body sent to accept it (the link's token, the user name and the
// password, never the confirmation), and each refusal in the summary, which takes focus.

const TOKEN = '0123456789abcdef0123';
const invitation = { companyName: 'Northern Watch Ltd', email: 'new@example.com' };

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), ' newcomer ');
  await user.type(screen.getByLabelText('Password'), 'harbour lantern');
  await user.type(screen.getByLabelText('Confirm Password'), 'harbour lantern');
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

afterEach(() => localStorage.clear());

describe('accepting an invitation', () => {
  it('sends the token, the user name trimmed and the password, whole', async () => {
    const calls = fakeApi({
      [`GET /api/company/invitations/${TOKEN}`]: invitation,
      'POST /api/company/invitations/accept': { message: 'Your account has been created.' },
    });
    renderPage(<AcceptInvitePage />, `/accept-invite?token=${TOKEN}`);
    await fillAndSubmit();
    await expect.poll(() => calls.filter((c) => c.path === '/api/company/invitations/accept').length).toBe(1);
    expect(calls.find((c) => c.path === '/api/company/invitations/accept')).toEqual({
      method: 'POST',
      path: '/api/company/invitations/accept',
      body: { token: TOKEN, userName: 'newcomer', password: 'harbour lantern' },
    });
  });

  it.each([
    [409, 'That username is already taken. Please choose another.'],
    [400, 'This invitation link is invalid or has expired.'],
    [429, 'Too many attempts. Please wait a minute and try again.'],
  ])('a %i: its message in the summary, in focus, and the user name stays', async (status, message) => {
    fakeApi({
      [`GET /api/company/invitations/${TOKEN}`]: invitation,
      'POST /api/company/invitations/accept': Response.json({ message }, { status }),
    });
    renderPage(<AcceptInvitePage />, `/accept-invite?token=${TOKEN}`);
    await fillAndSubmit();
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain(message);
    await expect.poll(() => document.activeElement).toBe(summary);
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe(' newcomer ');
  });
});
