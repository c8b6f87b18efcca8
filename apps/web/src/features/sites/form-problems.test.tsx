import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  account,
  fakeApi,
  renderPage,
  signIn,
  site,
  unpublishedSettings,
} from '../../components/signed-in/test-harness';
import { ManageContactPage } from './manage-contact-page';
import { SitePage } from './site-page';

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
  it('Add a site with empty fields: the summary lists every problem, is focused, and links to each field', async () => {
    signIn(false);
    const calls = fakeApi({ 'GET /api/account': account(0) });
    renderPage(<SitePage />, '/site');
    const button = await screen.findByRole('button', { name: 'Add site' });
    await userEvent.setup().click(button);
    const { summary, links } = await summaryInFocus();
    expect(links).toEqual([
      'Please fill out the required field: Site Name',
      'Please fill out the required field: Key Information',
      'Enter how many days your recorder keeps footage.',
    ]);
    // Drawn first in the form, above the fields, so it is what a person sees after the jump.
    const form = button.closest('form') as HTMLFormElement;
    expect(form.firstElementChild).toBe(summary);
    expect(await follow(summary, 'Please fill out the required field: Site Name')).toBe(
      screen.getByRole('textbox', { name: 'Site name' }),
    );
    expect(await follow(summary, 'Please fill out the required field: Key Information')).toBe(
      screen.getByRole('textbox', { name: /Key information/ }),
    );
    expect(await follow(summary, 'Enter how many days your recorder keeps footage.')).toBe(
      screen.getByRole('spinbutton', { name: /keep footage/ }),
    );
    // Each field says its problem too, tied to it for a screen reader.
    const name = screen.getByRole('textbox', { name: 'Site name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please fill out the required field: Site Name',
    );
    expect(screen.getAllByRole('alert')).toEqual([summary]);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("the server's refusal of a site is in the summary, in focus", async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'POST /api/sites/add': Response.json({ message: 'Too many sites.' }, { status: 400 }),
    });
    renderPage(<SitePage />, '/site');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Site name' }), 'Gate');
    await user.type(screen.getByRole('textbox', { name: /Key information/ }), 'Crime prevention.');
    await user.type(screen.getByRole('spinbutton', { name: /keep footage/ }), '30');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const { summary } = await summaryInFocus();
    expect(summary.textContent).toContain('Too many sites.');
  });

  it('publishing a ticked phone number with no number', async () => {
    signIn(true);
    const settings = unpublishedSettings();
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [site(1, 'Yard')],
      'GET /api/contact/publication': { company: { name: 'Northern Watch Ltd', settings }, sites: [] },
    });
    renderPage(<ManageContactPage />, '/manage-contact');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Phone number' }));
    await user.clear(screen.getByRole('textbox', { name: /^Phone/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const { summary, links } = await summaryInFocus();
    expect(links).toEqual(['Enter the phone number to publish, or untick "Phone number".']);
    expect(await follow(summary, links[0] ?? '')).toBe(screen.getByRole('textbox', { name: 'Phone' }));
  });
});
