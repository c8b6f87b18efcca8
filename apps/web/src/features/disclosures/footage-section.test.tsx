import { disclosureMessages } from '@app/contract/disclosures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clip, fakeTusServer, fileOf, renderSection, signIn, stubFetch, TOKEN } from './test-support';

// The app gets tus-js-client's browser build (XMLHttpRequest, localStorage); so do these tests.
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

const wait = { timeout: 5000 };
const list = '/api/requests/12/clips';

const filesList = () => screen.getByRole('list', { name: 'Files of this request' });
const card = (name: string) => screen.getByRole('listitem', { name });
const factOf = (scope: HTMLElement, term: string) =>
  within(scope).getByText(term).nextElementSibling?.textContent;

describe('Footage and stills on a request’s page', () => {
  beforeEach(() => signIn());

  it('says while it loads, then that nothing is uploaded yet', async () => {
    stubFetch({ [`GET ${list}`]: { status: 200, body: { files: [] } } });
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Footage and stills' })).toBeTruthy();
    expect(screen.getByText('Loading the request’s files…')).toBeTruthy();
    expect(
      await screen.findByText('No footage or stills uploaded to this request yet.', {}, wait),
    ).toBeTruthy();
  });

  it('says so, with a way to try again, when the list cannot be read', async () => {
    stubFetch({
      [`GET ${list}`]: [
        { status: 404, body: { message: 'There is no such request in your company.' } },
        { status: 200, body: { files: [] } },
      ],
    });
    renderSection();
    const alert = await screen.findByRole('alert', {}, wait);
    expect(alert.textContent).toContain('There is no such request in your company.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No footage or stills uploaded to this request yet.', {}, wait),
    ).toBeTruthy();
  });

  it('lists each file with its kind, size, SHA-256 to copy, length, picture and codec', async () => {
    stubFetch({
      [`GET ${list}`]: {
        status: 200,
        body: {
          files: [
            clip(),
            clip({
              id: 32,
              filename: 'still-0-05.jpg',
              kind: 'jpeg',
              sizeBytes: 183_500,
              durationMs: null,
              width: 1920,
              height: 1080,
              videoCodec: null,
              still: { fromFileId: 31, atMs: 5_000 },
            }),
          ],
        },
      },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderSection();
    await screen.findByRole('list', { name: 'Files of this request' }, wait);
    const video = card('car-park-14-05.mp4');
    expect(factOf(video, 'Kind')).toBe('MP4 clip');
    expect(factOf(video, 'Size')).toBe('50 MB');
    expect(factOf(video, 'Length')).toBe('2:05');
    expect(factOf(video, 'Picture')).toBe('1920 × 1080');
    expect(factOf(video, 'Codec')).toBe('H264 video');
    expect(factOf(video, 'SHA-256')).toContain(clip().sha256);
    const still = card('still-0-05.jpg');
    expect(factOf(still, 'Kind')).toBe('JPEG still');
    expect(factOf(still, 'Still of')).toBe('car-park-14-05.mp4 at 0:05');
    expect(within(still).queryByLabelText('Make a still at')).toBeNull();

    await user.click(within(video).getByRole('button', { name: 'Copy the SHA-256 of car-park-14-05.mp4' }));
    expect(writeText).toHaveBeenCalledWith(clip().sha256);
    const copied = await within(video).findByRole('status');
    expect(copied.textContent).toBe('SHA-256 copied.');
    // Focus moves in the effect after the copy's promise settles: a moment later, not at once.
    await waitFor(() => expect(document.activeElement).toBe(copied));
  });

  it('shows the playable copy’s progress, reading the list again until it is made', async () => {
    const calls = stubFetch({
      [`GET ${list}`]: [
        {
          status: 200,
          body: {
            files: [
              clip({ filename: 'nvr.avi', kind: 'avi', processing: { state: 'converting', progress: 40 } }),
            ],
          },
        },
        {
          status: 200,
          body: {
            files: [
              clip({
                filename: 'nvr.avi',
                kind: 'avi',
                processing: { state: 'done', progress: 100 },
                playable: { sha256: 'b'.repeat(64), sizeBytes: 10_485_760 },
              }),
            ],
          },
        },
      ],
    });
    renderSection();
    expect(await screen.findByText('Making a playable MP4 copy: 40%', {}, wait)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Playable copy of nvr.avi' }).getAttribute('value')).toBe(
      '40',
    );
    expect(
      await screen.findByText(
        'Playable MP4 copy made (10 MB); the original is kept as it arrived.',
        {},
        { timeout: 6000 },
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === list)).toHaveLength(2);
  });

  it('uploads several files at once; a connection cut halfway resumes from the offset the server gives', async () => {
    const calls = stubFetch({
      [`GET ${list}`]: [
        { status: 200, body: { files: [] } },
        {
          status: 200,
          body: { files: [clip({ filename: 'cam1.mp4' }), clip({ id: 32, filename: 'cam2.mp4' })] },
        },
      ],
    });
    const tus = fakeTusServer();
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('No footage or stills uploaded to this request yet.', {}, wait);

    tus.cutNextPatch(40_000);
    await user.upload(screen.getByLabelText('Choose clips or stills to upload'), [
      fileOf('cam1.mp4', 100_000),
      fileOf('cam2.mp4', 30_000),
    ]);

    const done = await screen.findByText(/^Uploaded: /, {}, wait);
    expect(done.textContent).toMatch(/^Uploaded: cam1\.mp4, cam2\.mp4|^Uploaded: cam2\.mp4, cam1\.mp4/);
    expect(document.activeElement).toBe(done);
    await within(filesList()).findByRole('listitem', { name: 'cam2.mp4' }, wait);

    const first = '/api/requests/12/clips/uploads/00000000-0000-4000-8000-000000000001';
    const ofFirst = tus.calls.filter((c) => c.url === first || c.method === 'POST').slice(0, 1);
    expect(ofFirst[0]?.headers['upload-length']).toBe('100000');
    // The name goes in tus metadata (base64), as the API reads it.
    expect(ofFirst[0]?.headers['upload-metadata']).toContain(`filename ${btoa('cam1.mp4')}`);
    const patches = tus.calls.filter((c) => c.url === first && c.method !== 'POST');
    expect(patches.map((c) => [c.method, c.headers['upload-offset'] ?? null, c.bytes])).toEqual([
      ['PATCH', '0', 100_000],
      // Cut after 40,000 bytes: the client asks where the server stopped, and sends the rest from there.
      ['HEAD', null, 0],
      ['PATCH', '40000', 60_000],
    ]);
    expect(tus.uploads.get(first)).toEqual({ length: 100_000, offset: 100_000 });
    // Every tus request carries the session, as every API call does.
    expect(tus.calls.every((c) => c.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(calls.filter((c) => c.path === list).length).toBeGreaterThanOrEqual(2);
  });

  it('pauses and resumes an upload from where the server stopped', async () => {
    stubFetch({ [`GET ${list}`]: { status: 200, body: { files: [] } } });
    const tus = fakeTusServer();
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('No footage or stills uploaded to this request yet.', {}, wait);

    tus.holdPatches(true);
    await user.upload(
      screen.getByLabelText('Choose clips or stills to upload'),
      fileOf('gate.mov', 65_536, 'video/quicktime'),
    );
    const upload = await screen.findByRole('listitem', { name: 'gate.mov' }, wait);
    await within(upload).findByText('50%', {}, wait);
    expect(within(upload).getByText('32 KB of 64 KB')).toBeTruthy();

    const pause = within(upload).getByRole('button', { name: 'Pause gate.mov' });
    await user.click(pause);
    expect(await within(upload).findByText('Paused at 50%', {}, wait)).toBeTruthy();
    // The same button, now Resume, keeps the focus: Enter carries on.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Resume gate.mov');
    tus.holdPatches(false);
    await user.keyboard('{Enter}');
    await screen.findByText(/^Uploaded: gate\.mov/, {}, wait);
    const ofUpload = tus.calls.filter((c) => c.method !== 'POST');
    expect(ofUpload.map((c) => [c.method, c.headers['upload-offset'] ?? null, c.bytes])).toEqual([
      ['PATCH', '0', 65_536],
      ['HEAD', null, 0],
      ['PATCH', '32768', 32_768],
    ]);
  });

  it('says why a file is refused, in view and in focus: too large (413) with the limit, or the wrong kind (415)', async () => {
    stubFetch({ [`GET ${list}`]: { status: 200, body: { files: [] } } });
    const tus = fakeTusServer();
    const user = userEvent.setup();
    renderSection();
    await screen.findByText('No footage or stills uploaded to this request yet.', {}, wait);
    const picker = screen.getByLabelText('Choose clips or stills to upload');

    // 4 GiB is CLIP_MAX_BYTES's default (decision 0048); the API says it in MB.
    tus.refuse(
      'POST',
      413,
      JSON.stringify({ message: disclosureMessages.tooLarge(4 * 1024 ** 3) }),
      'application/json',
    );
    await user.upload(picker, fileOf('whole-day.mp4', 5_000));
    const tooLarge = await screen.findByText(
      'The file is larger than 4,096 MB, the most one upload may be.',
      {},
      wait,
    );
    expect(tooLarge.getAttribute('role')).toBe('alert');
    // Focus moves in the effect after the message is drawn, which a busy machine runs a moment later.
    await waitFor(() => expect(document.activeElement).toBe(tooLarge), wait);
    const refused = screen.getByRole('listitem', { name: 'whole-day.mp4' });
    expect(within(refused).queryByRole('button', { name: /Resume/ })).toBeNull();
    await user.click(within(refused).getByRole('button', { name: 'Dismiss whole-day.mp4' }));
    expect(screen.queryByRole('listitem', { name: 'whole-day.mp4' })).toBeNull();

    // The content is judged on the first PATCH; tus answers in plain text.
    tus.refuse('PATCH', 415, disclosureMessages.contentNotName);
    await user.upload(picker, fileOf('renamed.mp4', 5_000));
    const wrongKind = await screen.findByText(disclosureMessages.contentNotName, {}, wait);
    await waitFor(() => expect(document.activeElement).toBe(wrongKind), wait);
  });

  it('makes a still at a time typed as minutes and seconds, and refuses one past the clip’s end', async () => {
    const calls = stubFetch({
      [`GET ${list}`]: { status: 200, body: { files: [clip()] } },
      'POST /api/requests/12/clips/31/stills': {
        status: 200,
        body: clip({
          id: 40,
          filename: 'car-park-14-05-still-0-05.jpg',
          kind: 'jpeg',
          still: { fromFileId: 31, atMs: 5000 },
        }),
      },
    });
    const user = userEvent.setup();
    renderSection();
    const video = await screen.findByRole('listitem', { name: 'car-park-14-05.mp4' }, wait);
    const at = within(video).getByLabelText('Make a still at');

    await user.type(at, '3:00{Enter}');
    const past = within(video).getByRole('alert');
    expect(past.textContent).toBe('That time is past the end of the clip (2:05).');
    expect(document.activeElement).toBe(past);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(at);
    await user.type(at, '0:05');
    await user.click(within(video).getByRole('button', { name: 'Make the still' }));
    const made = await screen.findByText(
      'Still made at 0:05 of car-park-14-05.mp4: car-park-14-05-still-0-05.jpg.',
      {},
      wait,
    );
    expect(document.activeElement).toBe(made);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ atSeconds: 5 });
  });

  it('lets a master user delete a file after saying what goes and what stays', async () => {
    const calls = stubFetch({
      [`GET ${list}`]: { status: 200, body: { files: [clip()] } },
      'DELETE /api/requests/12/clips/31': { status: 200, body: { files: [] } },
    });
    signIn(true);
    const user = userEvent.setup();
    renderSection(true);
    const video = await screen.findByRole('listitem', { name: 'car-park-14-05.mp4' }, wait);

    await user.click(within(video).getByRole('button', { name: 'Delete car-park-14-05.mp4' }));
    const ask = within(video).getByText(/^Delete car-park-14-05\.mp4\?/);
    expect(document.activeElement).toBe(ask);
    await user.click(within(video).getByRole('button', { name: 'Keep it' }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete car-park-14-05.mp4');

    await user.keyboard('{Enter}');
    await user.click(within(video).getByRole('button', { name: 'Yes, delete it' }));
    const deleted = await screen.findByText(
      'car-park-14-05.mp4 deleted. Its SHA-256 and its history stay with the request.',
      {},
      wait,
    );
    expect(document.activeElement).toBe(deleted);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByText('No footage or stills uploaded to this request yet.')).toBeTruthy();
  });

  it('shows no Delete to a plain user', async () => {
    stubFetch({ [`GET ${list}`]: { status: 200, body: { files: [clip()] } } });
    renderSection(false);
    const video = await screen.findByRole('listitem', { name: 'car-park-14-05.mp4' }, wait);
    expect(within(video).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('tells how to resume an upload left unfinished, by choosing the same file again', async () => {
    stubFetch({
      [`GET ${list}`]: {
        status: 200,
        body: {
          files: [
            clip({
              uploadState: 'uploading',
              uploadUrl: '/api/requests/12/clips/uploads/00000000-0000-4000-8000-000000000009',
              sha256: null,
              completedAt: null,
              durationMs: null,
              width: null,
              height: null,
              videoCodec: null,
              processing: { state: 'probing', progress: 0 },
            }),
          ],
        },
      },
    });
    renderSection();
    const unfinished = await screen.findByRole('listitem', { name: 'car-park-14-05.mp4' }, wait);
    expect(factOf(unfinished, 'Uploaded')).toBe(
      'Not finished: choose the same file again above to resume it from where it stopped.',
    );
    expect(within(unfinished).queryByText('SHA-256')).toBeNull();
    await waitFor(() => expect(within(unfinished).queryByLabelText('Make a still at')).toBeNull());
  });
});
