import { brandById } from '@app/brands';
import type { VoiceMessage } from '@app/contract/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';

const message: VoiceMessage = {
  id: 1,
  title: 'You are being recorded on CCTV',
  text: 'Warning. You are being recorded on CCTV.',
  durationSeconds: 11,
  category: { id: 1, title: 'CCTV warnings' },
  subcategory: { id: 11, title: 'General CCTV warnings' },
  audio: {
    url: '/api/media/99eef8c0384c684b/message-001.wav',
    fileName: 'message-001.wav',
    size: 451012,
    contentType: 'audio/wav',
  },
};

function stubApi(onPost: (body: unknown) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/download-link' && init?.method === 'POST')
      return onPost(JSON.parse(String(init.body)));
    if (path === '/api/message/1') return Response.json(message);
    return Response.json({ message: 'There is no voice message with that number.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the voice message page', () => {
  it('plays the recording in a labelled player, beside the exact words', async () => {
    setScreenWidth(1280);
    stubApi(() => Response.json({}));
    await renderShell({ brand: brandById('voice'), path: '/message/1' });
    expect(await screen.findByRole('heading', { level: 1, name: message.title })).toBeTruthy();
    const audio = document.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(message.audio.url);
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('aria-label')).toBe(`Play the message: ${message.title}`);
    const transcript = document.getElementById(audio?.getAttribute('aria-describedby') ?? '');
    expect(transcript?.textContent).toBe(message.text);
    expect(screen.getByText('11 seconds · WAV, 440 KB')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/messages', '/category/1', '/subcategory/11']);
  });

  it('asks for a download link by e-mail and says where it went', async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    const sent: unknown[] = [];
    stubApi((body) => {
      sent.push(body);
      return Response.json({
        message: 'We have sent a download link to me@example.com. It works for 24 hours.',
      });
    });
    await renderShell({ brand: brandById('voice'), path: '/message/1' });
    await user.type(await screen.findByLabelText('Your e-mail address'), ' me@example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a download link' }));
    expect(
      await screen.findByText('We have sent a download link to me@example.com. It works for 24 hours.'),
    ).toBeTruthy();
    expect(sent).toEqual([{ messageId: 1, email: 'me@example.com' }]);
  });

  it('shows the server’s reason when the link cannot be sent', async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    stubApi(() => Response.json({ message: 'Too many attempts. Please wait a while.' }, { status: 429 }));
    await renderShell({ brand: brandById('voice'), path: '/message/1' });
    await user.type(await screen.findByLabelText('Your e-mail address'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a download link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a while.');
  });

  it('an unknown message number shows a not-found page with a way back', async () => {
    setScreenWidth(1280);
    stubApi(() => Response.json({}));
    await renderShell({ brand: brandById('voice'), path: '/message/999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Message not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all voice messages' }).getAttribute('href')).toBe(
      '/messages',
    );
  });
});
