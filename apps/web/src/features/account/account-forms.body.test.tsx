import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, type Call, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { UpdateDetailsPage } from './update-details-page';

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

describe('/update-details', () => {
  it('details without a new e-mail: sent without any password', async () => {
    signIn(false);
    const calls = fakeApi({ 'GET /api/account': account(0), 'PUT /api/account': account(0) });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const user = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Your details' });
    const surname = within(details).getByRole('textbox', { name: 'Surname' });
    await user.clear(surname);
    await user.type(surname, 'Lovelace');
    expect(within(details).queryByLabelText('Current password')).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    await expect.poll(() => sentBy(calls, 'PUT').length).toBe(1);
    expect(sentBy(calls, 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/account',
        body: { title: 'Ms', firstname: 'Ada', surname: 'Lovelace', tel: '0113', email: 'ada@example.com' },
      },
    ]);
  });

  it('a new password: the current and the new one, and not the confirmation', async () => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'POST /api/account/password': { message: 'Password changed.', token: 'new-token' },
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const user = userEvent.setup();
    const password = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), 'the current one');
    await user.type(within(password).getByLabelText('New password'), 'lantern quay harbour kite');
    await user.type(within(password).getByLabelText('Confirm new password'), 'lantern quay harbour kite');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    await expect.poll(() => sentBy(calls, 'POST').length).toBe(1);
    expect(sentBy(calls, 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/account/password',
        body: { currentPassword: 'the current one', newPassword: 'lantern quay harbour kite' },
      },
    ]);
  });

  it('a new password refused with 429: the message in the summary, in focus', async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'POST /api/account/password': refused(429, 'Too many attempts. Please wait a minute and try again.'),
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const user = userEvent.setup();
    const password = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), 'the current one');
    await user.type(within(password).getByLabelText('New password'), 'lantern quay harbour kite');
    await user.type(within(password).getByLabelText('Confirm new password'), 'lantern quay harbour kite');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await summaryInFocus(password)).toContain(
      'Too many attempts. Please wait a minute and try again.',
    );
  });
  it.each([
    [400, 'Your current password is not correct.'],
    [429, 'Too many attempts. Please wait a minute and try again.'],
  ])(
    'deleting the account refused with %i: the message in the summary, in focus',
    async (status, message) => {
      signIn(false);
      const calls = fakeApi({
        'GET /api/account': account(0),
        'POST /api/account/delete': refused(status, message),
      });
      renderPage(<UpdateDetailsPage />, '/update-details');
      const user = userEvent.setup();
      const section = await screen.findByRole('region', { name: 'Delete my account' });
      await user.click(within(section).getByRole('button', { name: 'Delete my account…' }));
      await user.type(within(section).getByLabelText('Your password'), 'not my password');
      await user.type(within(section).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
      expect(await summaryInFocus(section)).toContain(message);
      expect(sentBy(calls, 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/account/delete',
          body: { password: 'not my password', confirm: 'DELETE' },
        },
      ]);
      expect(localStorage.getItem('token')).not.toBeNull();
    },
  );

  it('a new e-mail address already in use (409): the message in the summary, in focus', async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'PUT /api/account': refused(
        409,
        'An account with that email address already exists. Please sign in instead.',
      ),
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const user = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Your details' });
    const email = within(details).getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(within(details).getByLabelText('Current password'), 'correct horse');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await summaryInFocus(details)).toContain(
      'An account with that email address already exists. Please sign in instead.',
    );
  });
});
