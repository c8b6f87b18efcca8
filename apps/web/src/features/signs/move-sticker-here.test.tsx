import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, fakeApi, renderPage, signIn, site } from '../../components/signed-in/test-harness';
import { ManageSignsPage } from './manage-signs-page';

// Issue 36, item 25: a sticker already on another of your sites says where, and offers Move.

const onYard = Response.json({ message: 'This sticker is already on your site “Yard”.' }, { status: 409 });

async function addToBackYard(master: boolean, replies: Record<string, unknown> = {}) {
  signIn(master);
  const calls = fakeApi({
    'GET /api/account': account(master ? 1 : 0),
    'GET /api/sites/company/5': [site(1, 'Yard'), site(2, 'Back yard')],
    'GET /api/stickers/siteid/1': [],
    'GET /api/stickers/siteid/2': [],
    'POST /api/stickers/site/signRef': onYard,
    ...replies,
  });
  renderPage(<ManageSignsPage />, '/manage-signs');
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Add a sticker to Back yard' });
  await user.type(within(form).getByRole('textbox', { name: /Sign reference/ }), 'K7QM-3XWD-P9TE');
  await user.type(within(form).getByRole('textbox', { name: 'Prefix number' }), 'kqt40817');
  await user.click(within(form).getByRole('button', { name: 'Add sticker' }));
  return { calls, form, user };
}

describe('adding a sticker that is on another of your sites', () => {
  it('says which site, in the summary in focus, and a master user moves it here with one press', async () => {
    const { calls, form, user } = await addToBackYard(true, {
      'POST /api/stickers/site/signRef/move': {
        message: 'Sign moved from “Yard” to “Back yard”.',
        sticker: {
          id: 4,
          siteId: 2,
          companyId: 5,
          signRef: 'K7QM-3XWD-P9TE',
          prefixNo: 'KQT40817',
          siteName: 'Back yard',
          startDate: '2026-01-10T10:00:00.000Z',
        },
      },
    });
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('This sticker is already on your site “Yard”.');
    await expect.poll(() => document.activeElement).toBe(summary);
    await user.click(within(form).getByRole('button', { name: 'Move it from Yard to Back yard' }));
    await expect
      .poll(() => calls.filter((c) => c.path === '/api/stickers/site/signRef/move'))
      .toEqual([
        {
          method: 'POST',
          path: '/api/stickers/site/signRef/move',
          body: { siteId: 2, signRef: 'K7QM-3XWD-P9TE', prefixNo: 'KQT40817' },
        },
      ]);
    await expect.poll(() => within(form).queryByRole('alert')).toBeNull();
    expect((within(form).getByRole('textbox', { name: /Sign reference/ }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('a plain user is told where it is and who can move it, with no Move button', async () => {
    const { form } = await addToBackYard(false);
    await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(form.textContent).toContain('A master user of your company can move it to this site.');
    expect(within(form).queryByRole('button', { name: /^Move it/ })).toBeNull();
  });

  it('a sticker already on this very site is not offered a move', async () => {
    signIn(true);
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [site(1, 'Yard')],
      'GET /api/stickers/siteid/1': [],
      'POST /api/stickers/site/signRef': onYard,
    });
    renderPage(<ManageSignsPage />, '/manage-signs');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a sticker to Yard' });
    await user.type(within(form).getByRole('textbox', { name: /Sign reference/ }), 'K7QM-3XWD-P9TE');
    await user.type(within(form).getByRole('textbox', { name: 'Prefix number' }), 'KQT40817');
    await user.click(within(form).getByRole('button', { name: 'Add sticker' }));
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('This sticker is already on your site “Yard”.');
    expect(within(form).queryByRole('button', { name: /^Move it/ })).toBeNull();
  });
});
