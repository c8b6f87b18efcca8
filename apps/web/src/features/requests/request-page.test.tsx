import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { deskRequest, renderRequests, stubFetch } from './test-support';

const wait = { timeout: 5000 };
const path = '/api/requests/12';

function signIn(master = false) {
  localStorage.setItem('token', fakeToken(3600, 7));
  localStorage.setItem('userId', '7');
  localStorage.setItem('masterUser', JSON.stringify(master));
}

async function open(replies: Parameters<typeof stubFetch>[0], master = false) {
  signIn(master);
  const calls = stubFetch({ [path]: { status: 200, body: deskRequest() }, ...replies });
  renderRequests('/requests/12');
  await screen.findByRole('heading', { level: 2, name: 'R-000012 A copy of footage of me' }, wait);
  const user = userEvent.setup();
  const posted = () => calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));
  return { user, posted };
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).parentElement as HTMLElement;

describe('a request’s page', () => {
  beforeEach(() => setScreenWidth(375));
  afterEach(() => localStorage.clear());

  it('shows the dates with their reasons, what was asked, the history, and the next step', async () => {
    await open({});
    const top = section('R-000012 A copy of footage of me');
    const overwrite = within(top).getByText('Footage overwritten').nextElementSibling?.textContent;
    expect(overwrite).toContain('in 3 days');
    expect(overwrite).toContain('recorded on 20 November 2026 and kept for 14 days');
    expect(within(top).getByText('Answer by').nextElementSibling?.textContent).toBe(
      '21 December 2026one month from receipt on 21 November 2026',
    );
    expect(within(top).getByText('Next: Save the footage before it is overwritten')).toBeTruthy();
    const asked = section('What was asked');
    expect(within(asked).getByText('14:00 to 14:30 on 20 November 2026')).toBeTruthy();
    expect(within(asked).getByText('Red coat')).toBeTruthy();
    expect(within(asked).getByText('A copy of the recording')).toBeTruthy();
    expect(within(section('Messages and history')).getByText('Request received')).toBeTruthy();
    const steps = section('Next step');
    expect(
      within(steps)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual([
      'Start work on it',
      'Ask for proof of identity',
      'Ask for more details',
      'Extend by two months',
      'Answer',
    ]);
  });

  it('says why a request can no longer be extended, where the step would be', async () => {
    const why =
      "Extend by two months is not possible: too late, as an extension had to be asked for by 21 December 2026, the first month's due date.";
    await open({
      [path]: {
        status: 200,
        body: deskRequest({
          actions: ['start', 'ask_identity', 'ask_clarification', 'answer'],
          extendRefused: why,
        }),
      },
    });
    const steps = section('Next step');
    expect(within(steps).queryByRole('radio', { name: 'Extend by two months' })).toBeNull();
    expect(within(steps).getByText(why)).toBeTruthy();
  });

  it('marks the footage saved, with where and a note', async () => {
    const { user, posted } = await open({
      [`POST ${path}/footage-saved`]: {
        status: 200,
        body: deskRequest({
          footageSaved: { at: '2026-11-22T09:00:00.000Z', how: 'locked', note: 'Clip 4' },
        }),
      },
    });
    const saved = section('Footage saved');
    await user.click(within(saved).getByRole('button', { name: 'Footage saved' }));
    expect((await within(saved).findByRole('alert')).textContent).toContain(
      'Say where the footage was saved.',
    );
    await user.click(within(saved).getByRole('radio', { name: 'Locked on the recorder' }));
    await user.type(within(saved).getByRole('textbox', { name: /^Where it is/ }), 'Clip 4');
    await user.click(within(saved).getByRole('button', { name: 'Footage saved' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Footage marked as saved.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(posted()).toEqual([{ path: `${path}/footage-saved`, body: { how: 'locked', note: 'Clip 4' } }]);
    expect(
      within(section('Footage saved')).getByText('Saved on 22 November 2026: locked on the recorder. Clip 4'),
    ).toBeTruthy();
    expect(within(section('R-000012 A copy of footage of me')).getByText('Saved')).toBeTruthy();
  });

  it('asks for proof of identity with drafted words that must be finished before sending', async () => {
    const { user, posted } = await open({
      [`POST ${path}/actions`]: {
        status: 200,
        body: deskRequest({ state: 'awaiting_identity', actions: ['ask_clarification', 'answer'] }),
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Ask for proof of identity' }));
    const form = screen.getByRole('form', { name: 'Ask for proof of identity' });
    const words = within(form).getByRole('textbox', {
      name: /^What you ask the visitor to send/,
    }) as HTMLTextAreaElement;
    expect(words.value).toContain('we need to be sure it is you');
    await user.click(within(form).getByRole('button', { name: 'Ask for proof of identity' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Replace the words in [square brackets] with your own before sending.',
    );
    await user.clear(words);
    await user.type(words, 'Please send a photo of your driving licence.');
    await user.click(within(form).getByRole('button', { name: 'Ask for proof of identity' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Ask for proof of identity: done. The request is now waiting for proof of identity.',
    );
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(posted()).toEqual([
      {
        path: `${path}/actions`,
        body: { action: 'ask_identity', body: 'Please send a photo of your driving licence.' },
      },
    ]);
    expect(
      screen.getAllByRole('radio', { name: /^Ask for|^Answer/ }).map((r) => r.parentElement?.textContent),
    ).toEqual(['Ask for more details', 'Answer']);
  });

  it('shows a refusal of the state (409) in a focused summary', async () => {
    const refusal =
      'The request can no longer be extended: an extension must be told to the person within the first month.';
    const { user } = await open({ [`POST ${path}/actions`]: { status: 409, body: { message: refusal } } });
    await user.click(screen.getByRole('radio', { name: 'Extend by two months' }));
    const form = screen.getByRole('form', { name: 'Extend by two months' });
    const words = within(form).getByRole('textbox', { name: /^The reasons, as the visitor will read them/ });
    await user.clear(words);
    await user.type(words, 'Footage from six cameras must be reviewed and blurred.');
    await user.click(within(form).getByRole('button', { name: 'Extend by two months' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain(refusal);
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('shows a refusal of a step without words too, focused', async () => {
    const { user } = await open({
      [`POST ${path}/actions`]: {
        status: 409,
        body: { message: '"Start work on it" is not possible while the request is answered.' },
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Start work on it' }));
    await user.click(screen.getByRole('button', { name: 'Start work on it' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(
      '"Start work on it" is not possible while the request is answered.',
    );
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('answers: drafts the letter for the outcome chosen, always naming the ICO, and sends it with the outcome', async () => {
    const { user, posted } = await open({
      [`POST ${path}/actions`]: {
        status: 200,
        body: deskRequest({ state: 'answered', outcome: 'no_footage', actions: ['close'] }),
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Answer' }));
    const form = screen.getByRole('form', { name: 'Answer' });
    const letter = () =>
      within(form).getByRole('textbox', { name: /^The reply letter/ }) as HTMLTextAreaElement;
    expect(within(form).getByRole('radio', { name: 'Footage disclosed' })).toHaveProperty('checked', true);
    expect(letter().value).toContain('and we are giving you all of it');
    expect(letter().value).toContain('ico.org.uk/make-a-complaint, or telephone 0303 123 1113');

    await user.click(within(form).getByRole('radio', { name: 'Refused: manifestly excessive' }));
    expect(letter().value).toContain('manifestly excessive (UK GDPR Article 12(5))');
    expect(letter().value).toContain('0303 123 1113');

    await user.click(within(form).getByRole('radio', { name: 'No footage held' }));
    expect(letter().value).toContain('we hold no footage of you from that time');
    // The words in brackets must be replaced, and the ICO paragraph kept.
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Replace the words in [square brackets]',
    );
    const finished = letter().value.replace(/\[Why:[^\]]*\]/, 'The recorder keeps footage for 14 days.');
    await user.clear(letter());
    await user.click(letter());
    await user.paste('Dear Sam Walker, we hold none.');
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        'The letter must tell the person of their right to complain to the ICO (ico.org.uk/make-a-complaint, 0303 123 1113).',
      ),
    );
    await user.clear(letter());
    await user.click(letter());
    await user.paste(finished);
    await user.click(within(form).getByRole('button', { name: 'Send the answer' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Answer: done. The request is now answered.',
    );
    expect(posted()).toEqual([
      { path: `${path}/actions`, body: { action: 'answer', body: finished, outcome: 'no_footage' } },
    ]);
  });

  it('sends a message to the visitor', async () => {
    const { user, posted } = await open({ [`POST ${path}/messages`]: { status: 200, body: deskRequest() } });
    const form = screen.getByRole('form', { name: 'Write to the visitor' });
    await user.type(within(form).getByRole('textbox', { name: /^Your message/ }), 'We are looking.');
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expect(await screen.findAllByText('Your message has been sent.')).not.toHaveLength(0);
    expect(posted()).toEqual([{ path: `${path}/messages`, body: { body: 'We are looking.' } }]);
  });

  it('lists the documents for a master user only', async () => {
    const documents = [
      { id: 3, filename: 'passport.png', uploadedAt: '2026-11-23T10:00:00.000Z', deleted: false },
    ];
    await open({ [path]: { status: 200, body: deskRequest({ documents }) } }, true);
    const link = within(section('Documents')).getByRole('link', { name: 'passport.png' });
    expect(link.getAttribute('href')).toBe('/api/requests/12/documents/3');
  });

  it('does not list documents for a plain user', async () => {
    const documents = [
      { id: 3, filename: 'passport.png', uploadedAt: '2026-11-23T10:00:00.000Z', deleted: false },
    ];
    await open({ [path]: { status: 200, body: deskRequest({ documents }) } });
    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();
  });

  it('says when there is no such request', async () => {
    signIn();
    stubFetch({ [path]: { status: 404, body: { message: 'Not found' } } });
    renderRequests('/requests/12');
    expect((await screen.findByRole('alert', {}, wait)).textContent).toContain(
      'There is no such request in your company.',
    );
  });
});
