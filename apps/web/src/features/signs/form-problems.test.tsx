import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, renderPage, signIn, site } from '../../components/signed-in/test-harness';
import { ManageSignsPage } from './manage-signs-page';

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
  it('adding a sticker with both boxes empty', async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/company/5': [site(1, 'Yard')],
      'GET /api/stickers/siteid/1': [],
    });
    renderPage(<ManageSignsPage />, '/manage-signs');
    const form = await screen.findByRole('form', { name: 'Add a sticker to Yard' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Add sticker' }));
    const { summary, links } = await summaryInFocus();
    expect(links).toEqual(['Please Enter Sign Reference', 'Please Enter Prefix No']);
    expect(await follow(summary, 'Please Enter Prefix No')).toBe(
      within(form).getByRole('textbox', { name: 'Prefix number' }),
    );
  });
});
