import { requestMessages } from '@app/contract/request-lifecycle';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRequests, stubFetch, visitorRequest } from './test-support';

const path = '/api/requests/visitor/R-000012';
const secret = 'k3y-Secret_value';
const wait = { timeout: 5000 };

describe('the visitor’s own page', () => {
  afterEach(() => sessionStorage.clear());

  it('sends the link’s secret in a header, never in the address, and shows the state, due date, next and history', async () => {
    const calls = stubFetch({ [path]: { status: 200, body: visitorRequest() } });
    renderRequests(`/request/R-000012#${secret}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your request R-000012' }, wait),
    ).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe(path);
    expect(calls[0]?.headers['x-request-key']).toBe(secret);
    expect(calls[0]?.path).not.toContain(secret);

    const facts = screen.getByRole('heading', { level: 2, name: 'Your request R-000012' })
      .parentElement as HTMLElement;
    expect(within(facts).getByText('Received')).toBeTruthy();
    expect(within(facts).getByText('Quay Parking Ltd, who runs the cameras at Quay car park')).toBeTruthy();
    expect(within(facts).getByText('The operator must answer by').nextElementSibling?.textContent).toBe(
      '21 December 2026one month from receipt on 21 November 2026',
    );
    expect(within(facts).getByRole('heading', { name: 'What happens next' })).toBeTruthy();
    expect(
      within(facts).getByText('The operator will look for the footage and answer by 21 December 2026.'),
    ).toBeTruthy();
    const history = screen.getByRole('heading', { name: 'Messages and history' })
      .parentElement as HTMLElement;
    expect(within(history).getByText('Request received')).toBeTruthy();
    expect(within(history).getByRole('textbox', { name: /^Your message/ })).toBeTruthy();
  });

  it('shows what was released to the visitor (another feature’s part) above the messages, handing it the reference and the link’s key', async () => {
    stubFetch({ [path]: { status: 200, body: visitorRequest() } });
    renderRequests(`/request/R-000012#${secret}`, {
      visitorFootage: ({ reference, secret: key }) => (
        <section aria-label="Your footage">
          {reference} opened with {key}
        </section>
      ),
    });
    const footage = await screen.findByRole('region', { name: 'Your footage' }, wait);
    expect(footage.textContent).toBe(`R-000012 opened with ${secret}`);
    const messages = screen.getByRole('heading', { name: 'Messages and history' });
    expect(footage.compareDocumentPosition(messages) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the secret for this tab, so a reload without the fragment still opens the request', async () => {
    const calls = stubFetch({ [path]: { status: 200, body: visitorRequest() } });
    renderRequests(`/request/R-000012#${secret}`);
    await screen.findByRole('heading', { level: 2, name: 'Your request R-000012' }, wait);
    document.body.innerHTML = '';
    renderRequests('/request/R-000012');
    await screen.findByRole('heading', { level: 2, name: 'Your request R-000012' }, wait);
    expect(calls.map((c) => c.headers['x-request-key'])).toEqual([secret, secret]);
  });

  it('says a link that does not open a request does not, and what to do', async () => {
    stubFetch({ [path]: { status: 404, body: { message: requestMessages.linkNotValid } } });
    renderRequests('/request/R-000012#wrong');
    const alert = await screen.findByRole('alert', {}, wait);
    expect(alert.textContent).toContain(requestMessages.linkNotValid);
    expect(alert.textContent).toContain('What you can do: open the link in the latest e-mail');
  });

  it('without any secret says so without asking the API', async () => {
    const calls = stubFetch({});
    renderRequests('/request/R-000099');
    expect((await screen.findByRole('alert', {}, wait)).textContent).toContain(requestMessages.linkNotValid);
    expect(calls).toEqual([]);
  });

  it('shows the page loading, then a failure other than a bad link as a retry', async () => {
    stubFetch({ [path]: { status: 503, body: { message: 'Down' } } });
    renderRequests(`/request/R-000012#${secret}`);
    expect(await screen.findByText('Loading…', {}, wait)).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('could not be opened just now');
  });

  it('sends proof of identity as one file, then shows the new state and says so, focused', async () => {
    const after = visitorRequest({
      state: 'in_progress',
      actions: ['withdraw'],
      due: { date: '2027-01-04', reason: 'one month from the proof of identity arriving on 3 December 2026' },
      documents: [{ filename: 'passport.jpg', uploadedAt: '2026-12-03T10:00:00.000Z', deleted: false }],
    });
    const calls = stubFetch({
      [path]: {
        status: 200,
        body: visitorRequest({ state: 'awaiting_identity', actions: ['send_identity', 'withdraw'] }),
      },
      [`POST ${path}/documents`]: { status: 200, body: after },
    });
    renderRequests(`/request/R-000012#${secret}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send proof of identity' }, wait);
    await user.click(within(form).getByRole('button', { name: 'Send the file' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain('Choose the file to send.');
    await waitFor(() => expect(document.activeElement).toBe(summary));

    const file = new File(['jpeg'], 'passport.jpg', { type: 'image/jpeg' });
    await user.upload(within(form).getByLabelText(/^Proof of identity or authority/), file);
    await user.click(within(form).getByRole('button', { name: 'Send the file' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Your file has been sent. The operator has been told.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    const upload = calls.find((c) => c.method === 'POST');
    expect(upload?.headers['x-request-key']).toBe(secret);
    const sentFile = upload?.body instanceof FormData ? upload.body.get('uploadFile') : null;
    expect(sentFile).toBeInstanceOf(File);
    expect(sentFile instanceof File && sentFile.name).toBe('passport.jpg');
    expect(screen.getByText('Being dealt with')).toBeTruthy();
    expect(screen.getByText(/one month from the proof of identity arriving/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Send proof of identity' })).toBeNull();
  });

  it('refuses a file that is not a PDF or a JPEG before sending it', async () => {
    const calls = stubFetch({
      [path]: {
        status: 200,
        body: visitorRequest({ state: 'awaiting_identity', actions: ['send_identity', 'withdraw'] }),
      },
    });
    renderRequests(`/request/R-000012#${secret}`);
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('form', { name: 'Send proof of identity' }, wait);
    await user.upload(
      within(form).getByLabelText(/^Proof of identity or authority/),
      new File(['x'], 'notes.docx', { type: 'application/msword' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send the file' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Choose a PDF file or a JPEG photo.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the details asked for', async () => {
    const calls = stubFetch({
      [path]: {
        status: 200,
        body: visitorRequest({ state: 'awaiting_clarification', actions: ['clarify', 'withdraw'] }),
      },
      [`POST ${path}/actions`]: { status: 200, body: visitorRequest({ state: 'in_progress' }) },
    });
    renderRequests(`/request/R-000012#${secret}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Send the details asked for' }, wait);
    await user.type(
      within(form).getByRole('textbox', { name: /^The details the operator asked for/ }),
      'The north gate',
    );
    await user.click(within(form).getByRole('button', { name: 'Send the details' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your details have been sent. The operator has been told.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'clarify',
      body: 'The north gate',
    });
  });

  it('asks before withdrawing, and keeps the request when the visitor says no', async () => {
    const calls = stubFetch({
      [path]: { status: 200, body: visitorRequest() },
      [`POST ${path}/actions`]: {
        status: 200,
        body: visitorRequest({ state: 'withdrawn', actions: [], next: 'Nothing more: you withdrew it.' }),
      },
    });
    renderRequests(`/request/R-000012#${secret}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the request' }, wait));
    const question = screen.getByText(/Withdraw your request\?/).closest('p') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(question));
    await user.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw the request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw it' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Your request has been withdrawn.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'withdraw', body: '' });
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    expect(screen.getByText('Nothing more: you withdrew it.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Your message/ })).toBeNull();
  });

  it('sends a message, and shows a refusal of the server in a focused summary', async () => {
    const calls = stubFetch({
      [path]: { status: 200, body: visitorRequest() },
      [`POST ${path}/messages`]: [
        { status: 409, body: { message: 'This request is closed.' } },
        { status: 200, body: visitorRequest() },
      ],
    });
    renderRequests(`/request/R-000012#${secret}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Write to the operator' }, wait);
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Write your message.');
    await user.type(within(form).getByRole('textbox', { name: /^Your message/ }), 'Any news?');
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain('This request is closed.'),
    );
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('alert')));
    await user.click(within(form).getByRole('button', { name: 'Send the message' }));
    expect((await within(form).findByRole('status')).textContent).toBe(requestMessages.sent);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { body: 'Any news?' },
      { body: 'Any news?' },
    ]);
  });
});
