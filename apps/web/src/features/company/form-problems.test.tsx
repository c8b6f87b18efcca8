import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { AcceptInvitePage } from './accept-invite-page';
import { CompanyPage } from './company-page';
import { CompanyUsersPage } from './company-users-page';

// Every workspace form answers a submit with problems as the contact forms do: "There is a
// problem" at the top of the form, in focus, each problem a link that takes the person to its field.

/** The summary in focus, and its links' words. */
async function summaryInFocus(container: HTMLElement = document.body) {
  const summary = await within(container).findByRole('alert', { name: 'There is a problem' });
  await expect.poll(() => document.activeElement).toBe(summary);
  return {
    summary,
    links: within(summary)
      .queryAllByRole('link')
      .map((a) => a.textContent),
  };
}

/** Follows a summary's link and returns the element that then has the focus. */
async function follow(summary: HTMLElement, text: string) {
  await userEvent.setup().click(within(summary).getByRole('link', { name: text }));
  return document.activeElement;
}

describe('the workspace forms: the error summary of the contact forms', () => {
  it('the company form with no name', async () => {
    signIn(true);
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/company/5': {
        id: 5,
        name: 'Riverside Lettings Ltd',
        address1: '4 Quay Street',
        address2: '',
        address3: '',
        town: 'Bristol',
        postcode: 'BS1 4DB',
        county: 'City of Bristol',
        tel: '',
      },
    });
    renderPage(<CompanyPage />, '/company');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Company name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    const { summary, links } = await summaryInFocus();
    expect(links).toEqual(['Please fill out the required field: Company Name']);
    expect(await follow(summary, 'Please fill out the required field: Company Name')).toBe(name);
  });

  it('inviting a user with no address', async () => {
    signIn(true);
    fakeApi({ 'GET /api/account': account(1), 'GET /api/users/company/5': [] });
    renderPage(<CompanyUsersPage />, '/company-users');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send invitation' }));
    const { summary, links } = await summaryInFocus();
    expect(links).toHaveLength(1);
    expect(await follow(summary, links[0] ?? '')).toBe(
      screen.getByRole('textbox', { name: 'E-mail address' }),
    );
  });

  it('accepting an invitation with nothing typed lists every problem at once', async () => {
    fakeApi({
      'GET /api/company/invitations/0123456789abcdef0123': {
        companyName: 'Northern Watch Ltd',
        email: 'new@example.com',
      },
    });
    renderPage(<AcceptInvitePage />, '/accept-invite?token=0123456789abcdef0123');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create my account' }));
    const { summary, links } = await summaryInFocus();
    expect(links).toEqual([
      'Username must be at least 4 characters long.',
      'Password must be at least 8 characters long.',
    ]);
    expect(await follow(summary, 'Username must be at least 4 characters long.')).toBe(
      screen.getByRole('textbox', { name: 'Username' }),
    );
  });

  it('accepting an invitation with a password the server finds too common: a problem of the Password field', async () => {
    const tooCommon =
      'This password is too common and easy to guess. Please choose another: three or four unrelated words make a strong one.';
    fakeApi({
      'GET /api/company/invitations/0123456789abcdef0123': {
        companyName: 'Northern Watch Ltd',
        email: 'new@example.com',
      },
      'POST /api/company/invitations/accept': Response.json({ message: tooCommon }, { status: 400 }),
    });
    renderPage(<AcceptInvitePage />, '/accept-invite?token=0123456789abcdef0123');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'newcomer');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const { summary, links } = await summaryInFocus();
    expect(links).toEqual([tooCommon]);
    expect(await follow(summary, tooCommon)).toBe(screen.getByLabelText('Password'));
  });
});
