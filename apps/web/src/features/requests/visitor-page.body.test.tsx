import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Reply, renderRequests, stubFetch, visitorRequest } from './test-support';

// The visitor's own page: the proof of identity is sent in the contact form's parts (an empty `data` and one file), and each refusal of
// the upload or of the details asked for is shown in the form's summary, which takes focus.

const path = '/api/requests/visitor/R-000012';
const secret = 'k3y-Secret_value';
const wait = { timeout: 5000 };

async function sendProof(reply: Reply) {
  const calls = stubFetch({
    [path]: {
      status: 200,
      body: visitorRequest({ state: 'awaiting_identity', actions: ['send_identity', 'withdraw'] }),
    },
    [`POST ${path}/documents`]: reply,
  });
  renderRequests(`/request/R-000012#${secret}`);
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Send proof of identity' }, wait);
  await user.upload(
    within(form).getByLabelText(/^Proof of identity or authority/),
    new File(['%PDF-1.4 licence'], 'licence.pdf', { type: 'application/pdf' }),
  );
  await user.click(within(form).getByRole('button', { name: 'Send the file' }));
  /** Every part of each upload, a file by its name and type. */
  const parts = () =>
    calls
      .filter((c) => c.method === 'POST')
      .map((c) =>
        [...(c.body as FormData).entries()].map(([name, value]) =>
          typeof value === 'string' ? [name, value] : [name, { file: value.name, type: value.type }],
        ),
      );
  return { form, parts };
}

describe('the visitor’s proof of identity', () => {
  afterEach(() => sessionStorage.clear());

  it('is sent as an empty data part and one uploadFile, and nothing else', async () => {
    const { parts } = await sendProof({
      status: 200,
      body: visitorRequest({ state: 'in_progress', actions: ['withdraw'] }),
    });
    await screen.findByRole('status', {}, wait);
    expect(parts()).toEqual([
      [
        ['data', '{}'],
        ['uploadFile', { file: 'licence.pdf', type: 'application/pdf' }],
      ],
    ]);
  });

  it.each([
    [400, 'Choose a PDF file or a JPEG photo.', { message: 'Choose a PDF file or a JPEG photo.' }],
    [409, 'This request is closed.', { message: 'This request is closed.' }],
    [
      429,
      'Too many attempts. Please wait a minute and try again.',
      { message: 'Too many attempts. Please wait a minute and try again.' },
    ],
  ] as const)('a %i: "%s" in the summary, which takes focus', async (status, shown, body) => {
    const { form, parts } = await sendProof({ status, body });
    const summary = await within(form).findByRole('alert', {}, wait);
    expect(summary.textContent).toContain(shown);
    await expect.poll(() => document.activeElement).toBe(summary);
    expect(parts()).toHaveLength(1);
  });
});

describe('the details the operator asked for, refused', () => {
  afterEach(() => sessionStorage.clear());

  it.each([
    [400, 'Write the details you were asked for.'],
    [409, 'This request is closed.'],
  ])('a %i: its message in the summary, which takes focus; what was typed stays', async (status, message) => {
    stubFetch({
      [path]: {
        status: 200,
        body: visitorRequest({ state: 'awaiting_clarification', actions: ['clarify', 'withdraw'] }),
      },
      [`POST ${path}/actions`]: { status, body: { message } },
    });
    renderRequests(`/request/R-000012#${secret}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send the details asked for' }, wait);
    const box = within(form).getByRole('textbox', { name: /^The details the operator asked for/ });
    await user.type(box, 'The north gate');
    await user.click(within(form).getByRole('button', { name: 'Send the details' }));
    const summary = await within(form).findByRole('alert', {}, wait);
    expect(summary.textContent).toContain(message);
    await expect.poll(() => document.activeElement).toBe(summary);
    expect((box as HTMLTextAreaElement).value).toBe('The north gate');
  });
});
