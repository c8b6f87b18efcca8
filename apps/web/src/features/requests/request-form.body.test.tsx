import type { Scheme } from '@app/contract/lookup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { type Reply, stubFetch } from './test-support';

// The visitor's request form on a sign's page: each refusal POST /api/signs/{ref}/contact can
// answer (no such sign, not registered, messages not taken, a limit, a failure) shown in the
// summary, which takes focus, with what was typed kept and the body sent whole.

const scheme: Scheme = {
  siteId: 4,
  operator: 'Quay Parking Ltd',
  siteName: 'Quay car park',
  town: 'Whitby',
  postcode: 'YO21 1AA',
  purpose: 'Crime prevention.',
  retentionDays: 30,
  contact: { phone: null, email: null, address: null, relay: true, contactText: null },
  detailsConfirmedAt: '2026-11-21T09:30:00.000Z',
  mayBeOutOfDate: false,
  signRef: 'DEMO-0002-SIGN',
};

async function sendQuestion(reply: Reply | null) {
  setScreenWidth(375);
  const calls = stubFetch({
    '/api/stickers/search/DEMO-0002-SIGN': {
      status: 200,
      body: { id: 2, signRef: 'DEMO-0002-SIGN', registered: true, scheme },
    },
    '/api/search-records/add': { status: 200, body: { success: true } },
    ...(reply ? { '/api/signs/DEMO-0002-SIGN/contact': reply } : {}),
  });
  await renderShell({ path: '/sign/DEMO-0002-SIGN' });
  const user = userEvent.setup();
  const wait = { timeout: 5000 };
  await user.click(await screen.findByRole('link', { name: 'Contact the operator' }, wait));
  const form = await screen.findByRole('form', { name: 'Contact the operator' }, wait);
  if (!reply) {
    // The connection drops once the form is open: sending fails without an answer.
    const answered = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/contact')) throw new TypeError('Failed to fetch');
        return answered(input, init);
      }),
    );
  }
  await user.type(within(form).getByLabelText(/^Your name/), 'Sam Walker');
  await user.type(within(form).getByLabelText(/^Your e-mail/), 'sam@example.net');
  await user.click(within(form).getByRole('radio', { name: 'A question' }));
  await user.type(within(form).getByLabelText(/^Your message/), 'Is the gate camera recording?');
  await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
  const sent = () => calls.filter((c) => c.path.endsWith('/contact')).map((c) => c.body);
  return { form, sent };
}

describe('the request form, refused', () => {
  it.each([
    [
      404,
      'No sign has that reference. Check the reference on the sign and try again.',
      { message: 'No sign has that reference. Check the reference on the sign and try again.' },
    ],
    [
      409,
      'This operator does not take messages through the register.',
      { message: 'This operator does not take messages through the register.' },
    ],
    [400, 'The request is not complete.', { message: 'The request is not complete.' }],
    [500, 'Your request could not be sent. Please try again.', 'Internal Server Error'],
  ] as const)('a %i: "%s" in the summary, in focus; what was typed stays', async (status, shown, body) => {
    const { form, sent } = await sendQuestion({ status, body });
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain(shown);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect((within(form).getByLabelText(/^Your message/) as HTMLTextAreaElement).value).toBe(
      'Is the gate camera recording?',
    );
    expect(sent()).toEqual([
      {
        name: 'Sam Walker',
        email: 'sam@example.net',
        kind: 'question',
        message: 'Is the gate camera recording?',
      },
    ]);
  });

  it('no connection: says it could not be sent, in focus', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { form } = await sendQuestion(null);
    const summary = await within(form).findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('Your request could not be sent. Please try again.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });
});
