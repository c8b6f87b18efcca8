import type { Scheme } from '@app/contract/lookup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { probablyOverwritten } from './request-form';
import { daysFromToday, type Reply, stubFetch } from './test-support';

const scheme = (retentionDays: number | null): Scheme => ({
  siteId: 4,
  operator: 'Quay Parking Ltd',
  siteName: 'Quay car park',
  town: 'Whitby',
  postcode: 'YO21 1AA',
  purpose: 'Crime prevention.',
  retentionDays,
  contact: { phone: null, email: null, address: null, relay: true, contactText: null },
  detailsConfirmedAt: '2026-11-21T09:30:00.000Z',
  mayBeOutOfDate: false,
  signRef: 'DEMO-0002-SIGN',
});

const warning = 'This footage has probably already been overwritten; you can still ask.';

/** The sign's page as the brand composes it, with the form opened by its button. */
async function openForm({
  retentionDays = 30,
  reply = { status: 200, body: { reference: 'R-000042', message: 'Sent' } },
}: {
  retentionDays?: number | null;
  reply?: Reply;
} = {}) {
  setScreenWidth(375);
  const calls = stubFetch({
    '/api/stickers/search/DEMO-0002-SIGN': {
      status: 200,
      body: { id: 2, signRef: 'DEMO-0002-SIGN', registered: true, scheme: scheme(retentionDays) },
    },
    '/api/search-records/add': { status: 200, body: { success: true } },
    '/api/signs/DEMO-0002-SIGN/contact': reply,
  });
  await renderShell({ path: '/sign/DEMO-0002-SIGN' });
  const user = userEvent.setup();
  // The first test waits for the brand's pages and the form's code to load.
  const wait = { timeout: 5000 };
  await user.click(await screen.findByRole('link', { name: 'Contact the operator' }, wait));
  const form = await screen.findByRole('form', { name: 'Contact the operator' }, wait);
  // Opened by a tap: the form's heading takes focus, so a screen reader starts there.
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Contact the operator'));
  const sent = () => calls.filter((c) => c.path.endsWith('/contact')).map((c) => c.body);
  return { user, form, sent };
}

const box = (form: HTMLElement, name: RegExp) => within(form).getByLabelText(name);

async function fillWho(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(box(form, /^Your name/), 'Sam Walker');
  await user.type(box(form, /^Your e-mail/), 'sam@example.net');
}

describe('the request form on a sign’s page', () => {
  it('offers the four kinds, a question first', async () => {
    const { form } = await openForm();
    const kinds = within(form).getByRole('group', { name: /What do you want\?/ });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual([
      'A copy of footage of me',
      'A question',
      'A complaint',
      'I am from the police, an insurer or a solicitor',
    ]);
    expect(within(kinds).getByRole('radio', { name: 'A question' })).toHaveProperty('checked', true);
  });

  it('lists every problem in a summary that takes focus, and sends nothing', async () => {
    const { user, form, sent } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Please enter your name.',
      'Please enter a valid e-mail address.',
      'Please write your message.',
    ]);
    expect(sent()).toEqual([]);
  });

  it('a footage request asks for the date, time window and a description first', async () => {
    const { user, form, sent } = await openForm();
    await fillWho(user, form);
    await user.click(within(form).getByRole('radio', { name: 'A copy of footage of me' }));
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    const summary = await within(form).findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Enter the date.',
      'Enter the time window.',
      'Describe yourself so the operator can find you in the recording.',
    ]);
    expect(box(form, /^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
  });

  it('sends a footage request whole: when, where, which camera, how to find them, the form wanted, and a representative', async () => {
    const { user, form, sent } = await openForm();
    await fillWho(user, form);
    await user.click(within(form).getByRole('radio', { name: 'A copy of footage of me' }));
    const date = daysFromToday(-2);
    await user.type(box(form, /^Date/), date);
    await user.type(box(form, /^From/), '14:00');
    await user.type(box(form, /^To\b/), '14:30');
    await user.type(box(form, /^Where you were/), 'By the pay machine');
    await user.type(box(form, /^Which camera/), 'Over the barrier');
    await user.type(box(form, /^How the operator can find you/), 'Red coat, black umbrella');
    await user.click(within(form).getByRole('radio', { name: 'Still pictures' }));
    await user.click(
      within(form).getByRole('checkbox', {
        name: /I am asking for someone under 16, or on someone else’s behalf/,
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));

    const status = await screen.findByRole('status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(status.textContent).toContain('Your reference is R-000042.');
    expect(status.textContent).toContain('An e-mail with a copy of your request is on its way to you.');
    expect(status.textContent).toContain('private link');
    expect(screen.queryByRole('form', { name: 'Contact the operator' })).toBeNull();
    expect(sent()).toEqual([
      {
        name: 'Sam Walker',
        email: 'sam@example.net',
        kind: 'footage',
        message: '',
        footageDate: date,
        timeFrom: '14:00',
        timeTo: '14:30',
        location: 'By the pay machine',
        camera: 'Over the barrier',
        description: 'Red coat, black umbrella',
        preferredForm: 'stills',
        representative: true,
      },
    ]);
  });

  it.each([
    ['A question', 'question', /^Your message/],
    ['A complaint', 'complaint', /^Your complaint/],
    ['I am from the police, an insurer or a solicitor', 'third_party', /^Your request/],
  ] as const)('%s sends the name, e-mail, kind and message only', async (label, kind, messageBox) => {
    const { user, form, sent } = await openForm();
    await fillWho(user, form);
    await user.click(within(form).getByRole('radio', { name: label }));
    expect(within(form).queryByLabelText(/^Date/)).toBeNull();
    await user.type(box(form, messageBox), 'About the camera by the gate');
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    await screen.findByRole('status');
    expect(sent()).toEqual([
      { name: 'Sam Walker', email: 'sam@example.net', kind, message: 'About the camera by the gate' },
    ]);
  });

  it('points the police, insurers and solicitors to the form of their own', async () => {
    const { user, form } = await openForm();
    expect(within(form).queryByRole('link', { name: 'a form of their own' })).toBeNull();
    await user.click(
      within(form).getByRole('radio', { name: 'I am from the police, an insurer or a solicitor' }),
    );
    expect(within(form).getByRole('link', { name: 'a form of their own' }).getAttribute('href')).toBe(
      '/sign/DEMO-0002-SIGN/official',
    );
  });

  it('warns before sending when the date asked for is past the site’s retention, and still sends', async () => {
    const { user, form, sent } = await openForm({ retentionDays: 30 });
    await fillWho(user, form);
    await user.click(within(form).getByRole('radio', { name: 'A copy of footage of me' }));
    await user.type(box(form, /^Date/), daysFromToday(-10));
    expect(within(form).queryByText(warning, { exact: false })).toBeNull();
    await user.clear(box(form, /^Date/));
    await user.type(box(form, /^Date/), daysFromToday(-40));
    expect(within(form).getByText(warning, { exact: false }).textContent).toBe(
      `${warning} Quay car park keeps recordings for 30 days.`,
    );
    await user.type(box(form, /^From/), '09:00');
    await user.type(box(form, /^To\b/), '09:15');
    await user.type(box(form, /^How the operator can find you/), 'Blue van');
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    await screen.findByRole('status');
    expect(sent()).toHaveLength(1);
  });

  it('gives no warning when the site has not said how long it keeps footage', async () => {
    const { user, form } = await openForm({ retentionDays: null });
    await user.click(within(form).getByRole('radio', { name: 'A copy of footage of me' }));
    await user.type(box(form, /^Date/), daysFromToday(-400));
    expect(within(form).queryByText(warning, { exact: false })).toBeNull();
  });

  it('shows the server’s refusal in the summary, focused, and keeps what was typed', async () => {
    const { user, form } = await openForm({
      reply: { status: 429, body: { message: 'Too many messages. Please try again later.' } },
    });
    await fillWho(user, form);
    await user.type(box(form, /^Your message/), 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Send to the operator' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain('Too many messages. Please try again later.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect((box(form, /^Your message/) as HTMLTextAreaElement).value).toBe('Hello');
  });
});

describe('probablyOverwritten', () => {
  it.each([
    // [footage date, retention days, today, warned]
    ['2026-11-01', 30, '2026-11-30', false],
    ['2026-11-01', 30, '2026-12-01', true],
    ['2026-09-01', 30, '2026-11-27', true],
    ['2026-11-20', 14, '2026-11-27', false],
    ['2026-11-20', null, '2027-11-27', false],
    ['', 30, '2026-11-27', false],
    ['2026-02-30', 30, '2026-11-27', false],
  ] as const)('%s kept %s days, on %s: %s', (date, days, today, warned) => {
    expect(probablyOverwritten(date, days, today)).toBe(warned);
  });
});
