import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, type Call, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { CompanyPage } from './company-page';
import { CompanyUsersPage } from './company-users-page';

// Each workspace form, filled as a person would: the whole body it sends (every field, under its
// own name), for each of its branches; and each refusal the API answers, in the summary in focus.

const sentBy = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

/** The error summary once it has the focus, and its words. */
async function summaryInFocus(container: HTMLElement = document.body) {
  const summary = await within(container).findByRole('alert', { name: 'There is a problem' });
  await expect.poll(() => document.activeElement).toBe(summary);
  return summary.textContent ?? '';
}

const refused = (status: number, message: string) => Response.json({ message }, { status });

describe('/company: saving the company', () => {
  const company = {
    id: 5,
    name: 'Riverside Lettings Ltd',
    address1: '4 Quay Street',
    address2: '',
    address3: '',
    town: 'Bristol',
    postcode: 'BS1 4DB',
    county: 'City of Bristol',
    tel: '0117 496 0000',
  };

  it('sends every field, the changed ones as typed', async () => {
    signIn(true);
    const calls = fakeApi({
      'GET /api/account': account(1),
      'GET /api/company/5': company,
      'PUT /api/company/5': { ...company, name: 'Riverside Homes Ltd' },
    });
    renderPage(<CompanyPage />, '/company');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Company name' });
    await user.clear(name);
    await user.type(name, 'Riverside Homes Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Address 2' }), 'Floor 2');
    const tel = screen.getByRole('textbox', { name: 'Telephone' });
    await user.clear(tel);
    await user.type(tel, '0117 496 0999');
    await user.click(screen.getByRole('button', { name: 'Save company details' }));

    await expect.poll(() => sentBy(calls, 'PUT').length).toBe(1);
    expect(sentBy(calls, 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/company/5',
        body: {
          name: 'Riverside Homes Ltd',
          address1: '4 Quay Street',
          address2: 'Floor 2',
          address3: '',
          town: 'Bristol',
          postcode: 'BS1 4DB',
          county: 'City of Bristol',
          tel: '0117 496 0999',
        },
      },
    ]);
  });

  it.each([
    [403, 'You do not have permission to do that.'],
    [500, 'Something went wrong on our side. Please try again.'],
  ])('a %i: its message in the summary, in focus', async (status, message) => {
    signIn(true);
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/company/5': company,
      'PUT /api/company/5': refused(status, message),
    });
    renderPage(<CompanyPage />, '/company');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save company details' }));
    expect(await summaryInFocus()).toContain(message);
  });
});
describe('/company-users: inviting a user', () => {
  const replies = (answer: unknown) => ({
    'GET /api/account': account(1),
    'GET /api/users/company/5': [],
    'GET /api/company/invitations': [],
    'POST /api/company/add': answer,
  });

  it('sends only the address, trimmed', async () => {
    signIn(true);
    const calls = fakeApi(replies({ message: 'Invitation sent.' }));
    renderPage(<CompanyUsersPage />, '/company-users');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), '  new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await expect.poll(() => sentBy(calls, 'POST').length).toBe(1);
    expect(sentBy(calls, 'POST')).toEqual([
      { method: 'POST', path: '/api/company/add', body: { email: 'new@example.com' } },
    ]);
  });

  it.each([
    [409, 'An account with that email address already exists. Please sign in instead.'],
    [429, 'Too many attempts. Please wait a minute and try again.'],
  ])('a %i: its message in the summary, in focus, and the address stays', async (status, message) => {
    signIn(true);
    fakeApi(replies(refused(status, message)));
    renderPage(<CompanyUsersPage />, '/company-users');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'E-mail address' });
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await summaryInFocus()).toContain(message);
    expect((email as HTMLInputElement).value).toBe('new@example.com');
  });
});
