import { disclosureReleaseMessages } from '@app/contract/disclosure-release';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clip, released, renderRelease, signIn, stubFetch } from './test-support';

const wait = { timeout: 5000 };
const files = '/api/requests/12/clips';
const releases = '/api/requests/12/disclosures';

const section = () => screen.getByRole('region', { name: 'Release to the visitor' });
const form = () => screen.getByRole('form', { name: 'Release to the visitor' });

const twoFiles = {
  status: 200,
  body: {
    files: [
      clip(),
      clip({ id: 33, filename: 'gate.mov', kind: 'mov', sizeBytes: 1_048_576, sha256: 'd'.repeat(64) }),
      clip({ id: 34, filename: 'half.mp4', uploadState: 'uploading', sha256: null, uploadUrl: '/u/1' }),
    ],
  },
};

describe('Release to the visitor on a request’s page', () => {
  beforeEach(() => signIn(true));

  it('offers each complete file with its size and SHA-256; nothing is sent until a file and a letter are given', async () => {
    const calls = stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: { status: 200, body: { disclosures: [] } },
    });
    const user = userEvent.setup();
    renderRelease(true);
    const first = await screen.findByRole('checkbox', { name: /car-park-14-05\.mp4 \(50 MB\)/ }, wait);
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      `SHA-256 ${clip().sha256}`,
    );
    expect(screen.getByRole('checkbox', { name: /gate\.mov \(1 MB\)/ })).toBeTruthy();
    // A file still uploading is not offered, and the operator is told why.
    expect(screen.queryByRole('checkbox', { name: /half\.mp4/ })).toBeNull();
    expect(within(form()).getByText(/One file is still uploading and cannot be released yet\./)).toBeTruthy();
    expect(await within(section()).findByText('Nothing has been released to the visitor yet.')).toBeTruthy();

    await user.click(within(form()).getByRole('button', { name: 'Release to the visitor' }));
    const alert = within(form()).getByRole('alert');
    expect(alert.textContent).toBe(
      'The release was not made:Choose at least one file to release.Write the reply letter that goes with the files.',
    );
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('textbox', { name: 'Reply letter' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('releases the chosen files with the letter, says so with focus, and lists the release', async () => {
    const calls = stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: [
        { status: 200, body: { disclosures: [] } },
        { status: 200, body: { disclosures: [released()] } },
      ],
      [`POST ${releases}`]: { status: 200, body: released() },
    });
    const user = userEvent.setup();
    renderRelease(true);
    await user.click(await screen.findByRole('checkbox', { name: /car-park-14-05\.mp4/ }, wait));
    await user.type(
      screen.getByRole('textbox', { name: 'Reply letter' }),
      'Dear Alex, the clip shows the car park at 14:05.',
    );
    await user.click(within(form()).getByRole('button', { name: 'Release to the visitor' }));

    const done = await within(section()).findByRole('status', {}, wait);
    expect(done.textContent).toBe(
      'Released: one file and the reply letter. The visitor has been e-mailed to open their page; downloads are open until 11 Dec 2026, 10:00.',
    );
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: releases,
        body: { fileIds: [31], letter: 'Dear Alex, the clip shows the car park at 14:05.' },
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      },
    ]);
    // The form is emptied for another release.
    expect((screen.getByRole('textbox', { name: 'Reply letter' }) as HTMLTextAreaElement).value).toBe('');
    const card = await screen.findByRole('listitem', { name: 'Released 27 Nov 2026, 10:00 by sam' }, wait);
    expect(within(card).getByText('Active until 11 Dec 2026, 10:00')).toBeTruthy();
    expect(within(card).getByText(clip().sha256 ?? '')).toBeTruthy();
    expect(within(card).getByText('c'.repeat(64))).toBeTruthy();
  });

  it('shows the server’s refusal in an alert that takes focus', async () => {
    stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: { status: 200, body: { disclosures: [] } },
      [`POST ${releases}`]: { status: 409, body: { message: disclosureReleaseMessages.notAnswerable } },
    });
    const user = userEvent.setup();
    renderRelease(true);
    await user.click(await screen.findByRole('checkbox', { name: /gate\.mov/ }, wait));
    await user.type(screen.getByRole('textbox', { name: 'Reply letter' }), 'Here it is.');
    await user.click(within(form()).getByRole('button', { name: 'Release to the visitor' }));
    const alert = await within(form()).findByRole('alert', {}, wait);
    expect(alert.textContent).toBe(`The release was not made:${disclosureReleaseMessages.notAnswerable}`);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // What was typed stays, to send again.
    expect((screen.getByRole('textbox', { name: 'Reply letter' }) as HTMLTextAreaElement).value).toBe(
      'Here it is.',
    );
  });

  it('tells a plain user why they cannot release or revoke, and still shows the releases', async () => {
    signIn(false);
    stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: { status: 200, body: { disclosures: [released()] } },
    });
    renderRelease(false);
    const card = await screen.findByRole('listitem', { name: /^Released 27 Nov 2026/ }, wait);
    expect(
      within(section()).getByText(/^Only a master user of your company can release footage to the visitor/),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Release to the visitor' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Revoke now/ })).toBeNull();
  });

  it('revokes only after a confirm step; "Keep it" gives focus back to the button', async () => {
    const revokedReply = released({
      state: 'revoked',
      revokedAt: '2026-11-28T09:00:00.000Z',
      copiesDeletedAt: '2026-11-28T09:00:00.000Z',
    });
    const calls = stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: { status: 200, body: { disclosures: [released()] } },
      [`POST ${releases}/5/revoke`]: { status: 200, body: { disclosures: [revokedReply] } },
    });
    const user = userEvent.setup();
    renderRelease(true);
    const card = await screen.findByRole('listitem', { name: /^Released 27 Nov 2026/ }, wait);
    const revoke = within(card).getByRole('button', { name: 'Revoke now the release of 27 Nov 2026, 10:00' });
    await user.click(revoke);
    const question = within(card).getByText(/^Revoke this release now\?/);
    expect(document.activeElement).toBe(question);
    await user.click(within(card).getByRole('button', { name: 'Keep it' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('button', { name: /Revoke now/ })),
    );
    expect(calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);

    await user.click(within(card).getByRole('button', { name: /Revoke now/ }));
    await user.click(within(card).getByRole('button', { name: 'Yes, revoke it' }));
    const done = await within(section()).findByRole('status', {}, wait);
    expect(done.textContent).toBe(
      'The release of 27 Nov 2026, 10:00 is revoked: nothing more can be downloaded, and its copies have been deleted from storage. Its hashes and download log are kept.',
    );
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls.filter((c) => c.path.endsWith('/revoke'))).toEqual([
      expect.objectContaining({ method: 'POST', path: `${releases}/5/revoke`, body: {} }),
    ]);
    expect(
      within(card).getByText(
        'Revoked on 28 Nov 2026, 09:00; its files were deleted from storage on 28 Nov 2026, 09:00',
      ),
    ).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Revoke now/ })).toBeNull();
  });

  it('says why a revocation failed, in an alert that takes focus', async () => {
    stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: { status: 200, body: { disclosures: [released()] } },
      [`POST ${releases}/5/revoke`]: {
        status: 409,
        body: { message: disclosureReleaseMessages.alreadyRevoked },
      },
    });
    const user = userEvent.setup();
    renderRelease(true);
    const card = await screen.findByRole('listitem', { name: /^Released 27 Nov 2026/ }, wait);
    await user.click(within(card).getByRole('button', { name: /Revoke now/ }));
    await user.click(within(card).getByRole('button', { name: 'Yes, revoke it' }));
    const alert = await within(card).findByRole('alert', {}, wait);
    expect(alert.textContent).toBe(disclosureReleaseMessages.alreadyRevoked);
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('shows the download log (time, address, bytes) when asked', async () => {
    const calls = stubFetch({
      [`GET ${files}`]: twoFiles,
      [`GET ${releases}`]: {
        status: 200,
        body: { disclosures: [released({ state: 'expired', expiresAt: '2026-11-27T12:00:00.000Z' })] },
      },
      [`GET ${releases}/5/downloads`]: {
        status: 200,
        body: {
          downloads: [
            {
              at: '2026-11-27T11:00:00.000Z',
              what: 'file',
              itemId: 9,
              clientAddress: '203.0.113.7',
              range: { start: 0, end: 1_048_575 },
              bytesSent: 1_048_576,
            },
            {
              at: '2026-11-27T11:05:00.000Z',
              what: 'pack',
              itemId: null,
              clientAddress: '203.0.113.7',
              range: null,
              bytesSent: null,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderRelease(true);
    const card = await screen.findByRole('listitem', { name: /^Released 27 Nov 2026/ }, wait);
    expect(within(card).getByText('Expired on 27 Nov 2026, 12:00')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Revoke now/ })).toBeNull();
    const toggle = within(card).getByRole('button', { name: 'Show the download log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((c) => c.path.endsWith('/downloads'))).toBe(false);
    await user.click(toggle);
    const log = await within(card).findByRole('list', { name: /^Downloads of the release/ }, wait);
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '27 Nov 2026, 11:00: the car-park-14-05.mp4, from 203.0.113.7, 1 MB sent (bytes 0–1048575)',
      '27 Nov 2026, 11:05: the evidence pack, from 203.0.113.7, still under way or cut',
    ]);
    expect(
      within(card).getByRole('button', { name: 'Hide the download log' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });
});
