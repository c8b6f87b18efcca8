import { disclosureReleaseMessages } from '@app/contract/disclosure-release';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LINK_KEY, released, renderVisitorFootage, stubFetch } from './test-support';

const wait = { timeout: 5000 };
const base = '/api/requests/visitor/R-000012/disclosures';
const codeSent = { status: 200, body: { sentTo: 'a***@example.net', expiresAt: '2026-11-28T10:15:00.000Z' } };
const granted = { status: 200, body: { grant: '5.1.x', expiresAt: '2026-11-28T11:00:00.000Z' } };

const card = () => screen.getByRole('listitem', { name: /^Footage from Quay Parking Ltd/ });
const codeBox = () => within(card()).getByRole('textbox', { name: 'Download code' });

/** The visitor's released disclosure, named after the company (the API never names its staff to them). */
const fromCompany = (over: Parameters<typeof released>[0] = {}) =>
  released({ releasedBy: 'Quay Parking Ltd', ...over });

describe('Your footage on the visitor’s private page', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows nothing until something has been released', async () => {
    const calls = stubFetch({ [`GET ${base}`]: { status: 200, body: { disclosures: [] } } });
    renderVisitorFootage();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.headers['x-request-key']).toBe(LINK_KEY);
    expect(screen.queryByRole('region', { name: 'Your footage' })).toBeNull();
  });

  it('mails a code, takes it, and then gives plain download links for each file, the letter and the pack', async () => {
    const calls = stubFetch({
      [`GET ${base}`]: { status: 200, body: { disclosures: [fromCompany()] } },
      [`POST ${base}/5/code`]: codeSent,
      [`POST ${base}/5/grant`]: granted,
    });
    const user = userEvent.setup();
    renderVisitorFootage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your footage' }, wait)).toBeTruthy();
    expect(within(card()).getByText('Available to download until 11 Dec 2026, 10:00.')).toBeTruthy();
    const files = within(card()).getByRole('list', { name: /^Files released/ });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `car-park-14-05.mp4 (50 MB)SHA-256 ${released().files[0]?.sha256}`,
      'The reply letter (PDF) (24 KB)',
    ]);
    // The input a phone fills from the mail: digits, and the one-time-code autofill.
    expect(codeBox().getAttribute('inputmode')).toBe('numeric');
    expect(codeBox().getAttribute('autocomplete')).toBe('one-time-code');

    await user.click(within(card()).getByRole('button', { name: 'Email me a download code' }));
    const sent = await within(card()).findByRole('status', {}, wait);
    expect(sent.textContent).toBe(
      'We have sent a code to a***@example.net. It works for 15 minutes; any code sent before it no longer works.',
    );
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(within(card()).getByRole('button', { name: 'Email me a new code' })).toBeTruthy();

    await user.type(codeBox(), '1234 5678');
    await user.click(within(card()).getByRole('button', { name: 'Open downloads' }));
    const opened = await within(card()).findByText('Your downloads are open.', {}, wait);
    await waitFor(() => expect(document.activeElement).toBe(opened));

    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: `${base}/5/code`, body: {} }),
      expect.objectContaining({ path: `${base}/5/grant`, body: { code: '12345678' } }),
    ]);
    // Every call carries the private link's key in its header, never in the address.
    expect(calls.every((c) => c.headers['x-request-key'] === LINK_KEY)).toBe(true);
    expect(calls.every((c) => !c.path.includes(LINK_KEY))).toBe(true);

    const links = within(card()).getByRole('list', { name: 'Your downloads' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('download')]),
    ).toEqual([
      ['car-park-14-05.mp4', `${base}/5/files/9`, 'car-park-14-05.mp4'],
      ['The reply letter (PDF)', `${base}/5/letter.pdf`, 'reply-letter.pdf'],
      ['The evidence pack (zip)', `${base}/5/pack.zip`, 'evidence-pack.zip'],
    ]);
    expect(
      within(card()).getByText(/These links work on this device until 28 Nov 2026, 11:00\./),
    ).toBeTruthy();
    expect(within(card()).queryByRole('textbox', { name: 'Download code' })).toBeNull();
  });

  it('asks for the 8 digits before sending anything', async () => {
    const calls = stubFetch({ [`GET ${base}`]: { status: 200, body: { disclosures: [fromCompany()] } } });
    const user = userEvent.setup();
    renderVisitorFootage();
    await screen.findByRole('region', { name: 'Your footage' }, wait);
    await user.type(codeBox(), '12345');
    await user.click(within(card()).getByRole('button', { name: 'Open downloads' }));
    const alert = within(card()).getByRole('alert');
    expect(alert.textContent).toBe('Enter the 8-digit code from the e-mail we sent you.');
    expect(document.activeElement).toBe(alert);
    expect(codeBox().getAttribute('aria-invalid')).toBe('true');
    expect(codeBox().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says so when the code is wrong, used or expired', async () => {
    stubFetch({
      [`GET ${base}`]: { status: 200, body: { disclosures: [fromCompany()] } },
      [`POST ${base}/5/grant`]: { status: 400, body: { message: disclosureReleaseMessages.codeWrong } },
    });
    const user = userEvent.setup();
    renderVisitorFootage();
    await screen.findByRole('region', { name: 'Your footage' }, wait);
    await user.type(codeBox(), '87654321');
    await user.click(within(card()).getByRole('button', { name: 'Open downloads' }));
    const alert = await within(card()).findByRole('alert', {}, wait);
    expect(alert.textContent).toBe('That code is not right, or no longer works. Ask for a new code.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(within(card()).queryByRole('list', { name: 'Your downloads' })).toBeNull();
  });

  it('says when too many codes or tries have been asked for', async () => {
    stubFetch({
      [`GET ${base}`]: { status: 200, body: { disclosures: [fromCompany()] } },
      [`POST ${base}/5/code`]: { status: 429, body: { message: 'Too many requests' } },
    });
    const user = userEvent.setup();
    renderVisitorFootage();
    await screen.findByRole('region', { name: 'Your footage' }, wait);
    await user.click(within(card()).getByRole('button', { name: 'Email me a download code' }));
    const alert = await within(card()).findByRole('alert', {}, wait);
    expect(alert.textContent).toBe(
      'Too many tries for now. Wait an hour, then ask for a new code. (This protects your footage from anyone guessing codes.)',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('says the footage has ended when it was revoked since the page opened, and shows it ended', async () => {
    const calls = stubFetch({
      [`GET ${base}`]: [
        { status: 200, body: { disclosures: [fromCompany()] } },
        {
          status: 200,
          body: { disclosures: [fromCompany({ state: 'revoked', revokedAt: '2026-11-28T09:00:00.000Z' })] },
        },
      ],
      [`POST ${base}/5/code`]: { status: 410, body: { message: disclosureReleaseMessages.ended } },
    });
    const user = userEvent.setup();
    renderVisitorFootage();
    await screen.findByRole('region', { name: 'Your footage' }, wait);
    await user.click(within(card()).getByRole('button', { name: 'Email me a download code' }));
    const alert = await within(card()).findByRole('alert', {}, wait);
    expect(alert.textContent).toBe(disclosureReleaseMessages.ended);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(
      await within(card()).findByText(
        'This footage has been withdrawn by the operator, and its files have been deleted. If you still need it, write to them below.',
        {},
        wait,
      ),
    ).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: /code/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('shows an expired disclosure as ended, with its hashes and no way to ask for a code', async () => {
    stubFetch({
      [`GET ${base}`]: { status: 200, body: { disclosures: [fromCompany({ state: 'expired' })] } },
    });
    renderVisitorFootage();
    await screen.findByRole('region', { name: 'Your footage' }, wait);
    expect(
      within(card()).getByText(
        'This footage expired on 11 Dec 2026, 10:00, and its files have been deleted. If you still need it, write to the operator below.',
      ),
    ).toBeTruthy();
    expect(within(card()).getByText(released().files[0]?.sha256 ?? '')).toBeTruthy();
    expect(within(card()).queryByRole('button')).toBeNull();
    expect(within(card()).queryByRole('link')).toBeNull();
  });
});
