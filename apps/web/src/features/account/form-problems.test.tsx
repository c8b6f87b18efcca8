import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, renderPage, signIn } from '../../components/signed-in/test-harness';
import { UpdateDetailsPage } from './update-details-page';

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
  it('the details, password and delete forms of /update-details', async () => {
    signIn(false);
    fakeApi({ 'GET /api/account': account(0) });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const user = userEvent.setup();
    const password = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(password).getByLabelText('New password'), 'short');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    let found = await summaryInFocus(password);
    expect(found.links).toEqual(['Password must be at least 8 characters long.']);
    expect(await follow(found.summary, 'Password must be at least 8 characters long.')).toBe(
      within(password).getByLabelText('New password'),
    );

    const details = screen.getByRole('region', { name: 'Your details' });
    const email = within(details).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    found = await summaryInFocus(details);
    expect(found.links).toEqual(['Please enter your current password to change your e-mail address.']);
    expect(await follow(found.summary, found.links[0] ?? '')).toBe(
      within(details).getByLabelText('Current password'),
    );

    const remove = screen.getByRole('region', { name: 'Delete my account' });
    await user.click(within(remove).getByRole('button', { name: 'Delete my account…' }));
    await user.click(within(remove).getByRole('button', { name: 'Delete my account for good' }));
    found = await summaryInFocus(remove);
    expect(await follow(found.summary, 'Type DELETE to confirm.')).toBe(
      within(remove).getByLabelText('Type DELETE to confirm'),
    );
  });

  it('a new password the server finds too common is a problem of the New password field', async () => {
    const tooCommon =
      'This password is too common and easy to guess. Please choose another: three or four unrelated words make a strong one.';
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'POST /api/account/password': Response.json({ message: tooCommon }, { status: 400 }),
    });
    renderPage(<UpdateDetailsPage />, '/update-details');
    const user = userEvent.setup();
    const password = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), 'the current one');
    await user.type(within(password).getByLabelText('New password'), 'password123');
    await user.type(within(password).getByLabelText('Confirm new password'), 'password123');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    const found = await summaryInFocus(password);
    expect(found.links).toEqual([tooCommon]);
    expect(await follow(found.summary, tooCommon)).toBe(within(password).getByLabelText('New password'));
  });
});
