import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DownloadForm } from './download-form';

// "Download this message": the body it sends, and each refusal of POST /api/download-link shown
// in an alert that takes the focus (the button the person pressed is disabled while it sends).

function renderForm(messageId: number, answer: () => Response | Promise<Response>) {
  const sent: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        path: new URL(String(input), 'http://localhost').pathname,
        method: init?.method ?? 'GET',
        body: JSON.parse(String(init?.body)),
      });
      return answer();
    }),
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DownloadForm messageId={messageId} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), sent };
}

async function ask(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Your e-mail address'), email);
  await user.click(screen.getByRole('button', { name: 'Email me a download link' }));
}

describe('asking for a voice message’s download link', () => {
  it('sends the message number and the address, trimmed, and nothing else', async () => {
    const { user, sent } = renderForm(37, () =>
      Response.json({ message: 'We have sent a download link to sam@example.com. It works for 24 hours.' }),
    );
    await ask(user, '  sam@example.com ');
    expect(
      await screen.findByText('We have sent a download link to sam@example.com. It works for 24 hours.'),
    ).toBeTruthy();
    expect(sent).toEqual([
      { path: '/api/download-link', method: 'POST', body: { messageId: 37, email: 'sam@example.com' } },
    ]);
  });

  it.each([
    [400, 'Please enter a valid email address.', { message: 'Please enter a valid email address.' }],
    [
      404,
      'There is no voice message with that number.',
      { message: 'There is no voice message with that number.' },
    ],
    [429, 'Too many attempts. Please wait a while.', { message: 'Too many attempts. Please wait a while.' }],
    [500, 'The link could not be sent. Please try again in a moment.', 'Internal Server Error'],
  ] as const)('a %i: "%s" in an alert that takes the focus', async (status, shown, body) => {
    const { user } = renderForm(1, () =>
      typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status }),
    );
    await ask(user, 'sam@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(shown);
    await expect.poll(() => document.activeElement).toBe(alert);
    expect(screen.getByLabelText('Your e-mail address').getAttribute('aria-invalid')).toBe('true');
  });

  it('no connection: says the link could not be sent, in focus; a second failure takes the focus again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderForm(1, () => {
      throw new TypeError('Failed to fetch');
    });
    await ask(user, 'sam@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The link could not be sent. Please try again in a moment.');
    await expect.poll(() => document.activeElement).toBe(alert);

    // The person goes back to the address, then tries again: the new failure takes the focus too.
    await user.click(screen.getByLabelText('Your e-mail address'));
    expect(document.activeElement).toBe(screen.getByLabelText('Your e-mail address'));
    await user.click(screen.getByRole('button', { name: 'Email me a download link' }));
    await expect.poll(() => document.activeElement).toBe(screen.queryByRole('alert'));
  });
});
