import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { deskRequest, type Reply, renderRequests, stubFetch } from './test-support';

// The operator's steps on a request, each its own branch of one form: the body each sends, whole,
// and the refusals of the message form, shown in a summary that takes focus.

const wait = { timeout: 5000 };
const path = '/api/requests/12';

async function open(replies: Record<string, Reply>) {
  localStorage.setItem('token', fakeToken(3600, 7));
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(false));
  const calls = stubFetch({ [path]: { status: 200, body: deskRequest() }, ...replies });
  renderRequests('/requests/12');
  await screen.findByRole('heading', { level: 2, name: 'R-000012 A copy of footage of me' }, wait);
  const posted = () => calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));
  return { user: userEvent.setup(), posted };
}

describe('the operator’s steps, each sent whole', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  it('"Start work on it": the step and no words', async () => {
    const { user, posted } = await open({
      [`POST ${path}/actions`]: {
        status: 200,
        body: deskRequest({ state: 'in_progress', actions: ['answer'] }),
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Start work on it' }));
    await user.click(screen.getByRole('button', { name: 'Start work on it' }));
    expect((await screen.findByRole('status', {}, wait)).textContent).toContain('Start work on it: done.');
    expect(posted()).toEqual([{ path: `${path}/actions`, body: { action: 'start', body: '' } }]);
  });

  it.each([
    ['Ask for more details', 'ask_clarification', /^The details you need/, 'Which entrance did you use?'],
    [
      'Extend by two months',
      'extend',
      /^The reasons, as the visitor will read them/,
      'Footage from six cameras must be reviewed and blurred.',
    ],
  ] as const)('"%s": the step and the words as typed', async (label, action, box, words) => {
    const { user, posted } = await open({
      [`POST ${path}/actions`]: { status: 200, body: deskRequest({ actions: ['answer'] }) },
    });
    await user.click(screen.getByRole('radio', { name: label }));
    const form = screen.getByRole('form', { name: label });
    const text = within(form).getByRole('textbox', { name: box });
    await user.clear(text);
    await user.type(text, words);
    await user.click(within(form).getByRole('button', { name: label }));
    expect((await screen.findByRole('status', {}, wait)).textContent).toContain(`${label}: done.`);
    expect(posted()).toEqual([{ path: `${path}/actions`, body: { action, body: words } }]);
  });
});

describe('the answer, with the outcome chosen first', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  const letter =
    'Dear Sam Walker, here is all of it. If you are unhappy you may complain to the ICO: ico.org.uk/make-a-complaint, or telephone 0303 123 1113.';

  async function answer(replies: Record<string, Reply>) {
    const opened = await open(replies);
    await opened.user.click(screen.getByRole('radio', { name: 'Answer' }));
    const form = screen.getByRole('form', { name: 'Answer' });
    const box = within(form).getByRole('textbox', { name: /^The reply letter/ });
    await opened.user.clear(box);
    await opened.user.click(box);
    await opened.user.paste(letter);
    await opened.user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    return { ...opened, form };
  }

  it('"Footage disclosed", as offered: the letter and that outcome', async () => {
    const { posted } = await answer({
      [`POST ${path}/actions`]: {
        status: 200,
        body: deskRequest({ state: 'answered', outcome: 'disclosed', actions: ['close'] }),
      },
    });
    expect((await screen.findByRole('status', {}, wait)).textContent).toBe(
      'Answer: done. The request is now answered.',
    );
    expect(posted()).toEqual([
      { path: `${path}/actions`, body: { action: 'answer', body: letter, outcome: 'disclosed' } },
    ]);
  });

  it('a 400 of the server’s own check: its message in the summary, which takes focus', async () => {
    const { form } = await answer({
      [`POST ${path}/actions`]: { status: 400, body: { message: 'Choose the outcome.' } },
    });
    const summary = await within(form).findByRole('alert', {}, wait);
    expect(summary.textContent).toContain('Choose the outcome.');
    await expect.poll(() => document.activeElement).toBe(summary);
  });
});

describe('writing to the visitor, refused', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  it.each([
    [409, 'This request is closed.', { message: 'This request is closed.' }],
    [
      429,
      'Too many attempts. Please wait a minute and try again.',
      { message: 'Too many attempts. Please wait a minute and try again.' },
    ],
    [500, 'That did not work. Please try again.', 'Internal Server Error'],
  ] as const)(
    'a %i: "%s" in a summary that takes focus, and the message stays',
    async (status, shown, body) => {
      const { user, posted } = await open({ [`POST ${path}/messages`]: { status, body } });
      const form = screen.getByRole('form', { name: 'Write to the visitor' });
      await user.type(within(form).getByRole('textbox', { name: /^Your message/ }), 'We are looking.');
      await user.click(within(form).getByRole('button', { name: 'Send the message' }));
      const summary = await within(form).findByRole('alert', {}, wait);
      expect(summary.textContent).toContain(shown);
      await expect.poll(() => document.activeElement).toBe(summary);
      expect(
        (within(form).getByRole('textbox', { name: /^Your message/ }) as HTMLTextAreaElement).value,
      ).toBe('We are looking.');
      expect(posted()).toEqual([{ path: `${path}/messages`, body: { body: 'We are looking.' } }]);
    },
  );
});

describe('"Footage saved", each way and refused', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  const savedSection = () =>
    screen.getByRole('heading', { level: 2, name: 'Footage saved' }).parentElement as HTMLElement;

  it.each([
    [
      'Exported from the recorder',
      'exported',
      '  USB stick in the office safe  ',
      'USB stick in the office safe',
    ],
    ['Uploaded here', 'uploaded', '', ''],
  ] as const)('"%s": sends the way and the note, trimmed', async (label, how, typed, note) => {
    const { user, posted } = await open({
      [`POST ${path}/footage-saved`]: {
        status: 200,
        body: deskRequest({ footageSaved: { at: '2026-11-22T09:00:00.000Z', how, note } }),
      },
    });
    await user.click(within(savedSection()).getByRole('radio', { name: label }));
    if (typed) await user.type(within(savedSection()).getByRole('textbox', { name: /^Where it is/ }), typed);
    await user.click(within(savedSection()).getByRole('button', { name: 'Footage saved' }));
    expect((await screen.findByRole('status', {}, wait)).textContent).toBe('Footage marked as saved.');
    expect(posted()).toEqual([{ path: `${path}/footage-saved`, body: { how, note } }]);
  });

  it.each([
    [409, 'The footage is already marked as saved.', { message: 'The footage is already marked as saved.' }],
    [500, 'That did not work. Please try again.', 'Internal Server Error'],
  ] as const)('a %i: "%s" in the summary, which takes focus', async (status, shown, body) => {
    const { user } = await open({ [`POST ${path}/footage-saved`]: { status, body } });
    await user.click(within(savedSection()).getByRole('radio', { name: 'Locked on the recorder' }));
    await user.click(within(savedSection()).getByRole('button', { name: 'Footage saved' }));
    const summary = await within(savedSection()).findByRole('alert', {}, wait);
    expect(summary.textContent).toContain(shown);
    await expect.poll(() => document.activeElement).toBe(summary);
    expect(within(savedSection()).getByRole('radio', { name: 'Locked on the recorder' })).toHaveProperty(
      'checked',
      true,
    );
  });
});
