import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  account,
  type Call,
  fakeApi,
  renderPage,
  signIn,
  site,
} from '../../components/signed-in/test-harness';
import { ManageSignsPage } from './manage-signs-page';

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

describe('/manage-signs: adding a sticker', () => {
  const replies = (answer: unknown) => ({
    'GET /api/account': account(0),
    'GET /api/sites/company/5': [site(1, 'Yard')],
    'GET /api/stickers/siteid/1': [],
    'POST /api/stickers/site/signRef': answer,
  });
  async function addSticker(user: ReturnType<typeof userEvent.setup>) {
    const form = await screen.findByRole('form', { name: 'Add a sticker to Yard' });
    await user.type(within(form).getByRole('textbox', { name: /Sign reference/ }), 'K7QM-3XWD-P9TE');
    await user.type(within(form).getByRole('textbox', { name: 'Prefix number' }), 'kqt40817');
    await user.click(within(form).getByRole('button', { name: 'Add sticker' }));
    return form;
  }

  it('sends the site, the reference and the prefix in capitals', async () => {
    signIn(false);
    const calls = fakeApi(
      replies({
        id: 4,
        siteId: 1,
        companyId: 5,
        signRef: 'K7QM-3XWD-P9TE',
        prefixNo: 'KQT40817',
        siteName: 'Yard',
        startDate: '2026-11-28T10:00:00.000Z',
      }),
    );
    renderPage(<ManageSignsPage />, '/manage-signs');
    await addSticker(userEvent.setup());
    await expect.poll(() => sentBy(calls, 'POST').length).toBe(1);
    expect(sentBy(calls, 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/stickers/site/signRef',
        body: { siteId: 1, signRef: 'K7QM-3XWD-P9TE', prefixNo: 'KQT40817' },
      },
    ]);
  });

  it.each([
    [400, 'We could not find a sticker with that sign reference and prefix number.'],
    [409, 'This sticker has already been registered.'],
  ])('a %i: its message in the summary, in focus', async (status, message) => {
    signIn(false);
    fakeApi(replies(refused(status, message)));
    renderPage(<ManageSignsPage />, '/manage-signs');
    const form = await addSticker(userEvent.setup());
    expect(await summaryInFocus(form)).toContain(message);
    // Not on another of the company's sites: nothing to move.
    expect(within(form).queryByRole('button', { name: /^Move it from/ })).toBeNull();
  });
});
