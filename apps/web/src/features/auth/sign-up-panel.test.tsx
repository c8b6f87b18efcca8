import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KEY_INFO_EXAMPLE } from './sign-up-form';
import { type ApiCall, json, renderAuthDialog, stubApi } from './test-harness';

type User = ReturnType<typeof userEvent.setup>;

const freeSticker = json({
  success: true,
  message: 'Sticker found',
  result: [{ id: 5, siteId: null, prefixNo: 'KQT40817' }],
});

const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const stepText = (dialog: HTMLElement) => within(dialog).getByText(/^Step \d of 4/).textContent;

async function openSignUp(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'POST /api/stickers/signref': freeSticker,
    'GET /api/address/autocomplete/*': json({ suggestions: [] }),
    ...routes,
  });
  await renderAuthDialog({ mode: 'signUp' });
  return { api, dialog: await screen.findByRole('dialog', { name: 'Create An Account' }) };
}

/** One change per field rather than one per key: the long step 3 re-renders on each. */
async function fill(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillStep1(user: User, dialog: HTMLElement) {
  await user.type(textbox(dialog, 'Sign Reference'), 'K7QM-3XWD-P9TE');
  await user.type(textbox(dialog, 'Prefix Number'), 'kqt40817');
  await user.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
  await user.click(button(dialog, 'Next'));
  await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 2 of 4/));
}

async function fillStep2(user: User, dialog: HTMLElement) {
  await user.type(textbox(dialog, 'Username'), 'operator');
  await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
  await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret-pass');
  await user.click(button(dialog, 'Next'));
  await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 3 of 4/));
}

const step3Text: [string, string][] = [
  ['Company Name', 'Acme Security Ltd'],
  ['Title', 'Ms'],
  ['First Name', 'Ada'],
  ['Surname', 'Lovelace'],
  ['Email', 'ada@example.com'],
  ['Confirm Email', 'ada@example.com'],
  ['Telephone', '0113 496 0000'],
  ['Address 1', '1 Lantern Row'],
  ['Town/City', 'Leeds'],
  ['Post Code', 'LS1 9ZQ'],
];

async function fillStep3(user: User, dialog: HTMLElement) {
  for (const [label, value] of step3Text) {
    const field =
      label === 'Address 1' ? within(dialog).getByRole('combobox', { name: label }) : textbox(dialog, label);
    await fill(user, field, value);
  }
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'County' }), 'Kent (England)');
  await fill(user, textbox(dialog, 'Site Name'), 'Front car park');
  await fill(user, textbox(dialog, 'Key Information'), 'Crime prevention.');
}

describe('sign-up dialog, step 3: the limits, told while typing', () => {
  it('counts a company name from 96 of its 120 characters and says it is too long as soon as it is, before Submit', async () => {
    const { api, dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    const company = textbox(dialog, 'Company Name');
    await fill(user, company, 'A'.repeat(96));
    expect(within(dialog).queryByText(/of 120 characters/)).toBeNull();
    await user.type(company, 'B');
    const count = within(dialog).getByText('97 of 120 characters');
    expect(company.getAttribute('aria-describedby')).toContain(count.id);
    expect(company.getAttribute('aria-invalid')).toBeNull();
    await fill(user, company, 'C'.repeat(24));
    expect(within(dialog).getByText('121 of 120 characters')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Company Name must be at most 120 characters.',
    );
    expect(company.getAttribute('aria-invalid')).toBe('true');
    // Back within the limit: the problem goes.
    await user.type(company, '{Backspace}');
    expect(within(dialog).getByText('120 of 120 characters')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST /api/users/add')).toEqual([]);
  });

  it('counts the site name (100) and the key information (2000) too, rather than cutting what is pasted', async () => {
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    const site = textbox(dialog, 'Site Name');
    await fill(user, site, 'S'.repeat(101));
    expect((site as HTMLInputElement).value).toHaveLength(101);
    expect(within(dialog).getByText('101 of 100 characters')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Site Name must be at most 100 characters.');
    await fill(user, textbox(dialog, 'Key Information'), 'K'.repeat(1700));
    expect(within(dialog).getByText('1700 of 2000 characters')).toBeTruthy();
  });
});

describe('sign-up dialog, step 1: the sticker', () => {
  it.each([
    ['', '', false, 'Please Enter Sign Reference', 'Sign Reference'],
    ['K7QM-3XWD-P9TE', '', false, 'Please Enter Prefix No', 'Prefix Number'],
    [
      'K7QM-3XWD-P9TE',
      'KQT40817',
      false,
      'You cannot use this site if you do not accept terms',
      /I accept the/,
    ],
  ])(
    'sign reference %j, prefix %j, terms %j: %j at its field',
    async (signRef, prefixNo, terms, text, label) => {
      const { api, dialog } = await openSignUp();
      const user = userEvent.setup({ delay: null });
      if (signRef) await user.type(textbox(dialog, 'Sign Reference'), signRef);
      if (prefixNo) await user.type(textbox(dialog, 'Prefix Number'), prefixNo);
      if (terms) await user.click(within(dialog).getByRole('checkbox'));
      await user.click(button(dialog, 'Next'));

      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(text);
      const field = within(dialog).getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
      expect(stepText(dialog)).toMatch(/^Step 1 of 4/);
      expect(api.calls).toEqual([]);
    },
  );

  it('turns the prefix number to upper case as it is typed, and links the terms in a new tab', async () => {
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    const prefix = textbox(dialog, 'Prefix Number') as HTMLInputElement;
    expect(prefix.placeholder).toBe('AAA12345');
    await user.type(prefix, 'kq');
    expect(prefix.value).toBe('KQ');
    await user.type(prefix, 't40817');
    expect(prefix.value).toBe('KQT40817');
    expect(within(dialog).getByText(/Remember the hyphens/)).toBeTruthy();

    const terms = within(dialog).getByRole('link', { name: /terms and conditions/ });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByText(/Already have an account\?/)).toBeTruthy();
  });

  it.each([
    [
      'a refusal',
      json({ success: false, message: 'This sticker has already been registered.', result: [] }),
      'This sticker has already been registered.',
    ],
    [
      'a refusal without a message',
      json({ success: false, message: '', result: [] }),
      'Sticker issue detected.',
    ],
    [
      'a sticker already on a site',
      json({ success: true, message: 'Sticker found', result: [{ id: 5, siteId: 9, prefixNo: 'KQT40817' }] }),
      'Sticker issue detected.',
    ],
    [
      'a server failure',
      json({ message: 'Something went wrong on our side. Please try again.' }, 500),
      'Something went wrong on our side. Please try again.',
    ],
    ['an answer without a body', () => new Response(null, { status: 502 }), 'Sticker issue detected.'],
  ])('stays on step 1 after %s of the sticker check', async (_case, answer, text) => {
    const { api, dialog } = await openSignUp({ 'POST /api/stickers/signref': answer });
    const user = userEvent.setup({ delay: null });
    await user.type(textbox(dialog, 'Sign Reference'), 'K7QM-3XWD-P9TE');
    await user.type(textbox(dialog, 'Prefix Number'), 'KQT40817');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(button(dialog, 'Next'));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
    expect(stepText(dialog)).toMatch(/^Step 1 of 4/);
    expect(api.callsTo('POST /api/stickers/signref')[0]?.body).toEqual({
      signRef: 'K7QM-3XWD-P9TE',
      prefixNo: 'KQT40817',
    });
  });
});

describe('sign-up dialog, step 2: the login', () => {
  it.each([
    ['', '', '', 'Username must be at least 4 characters long.', 'Username'],
    ['abc', '', '', 'Username must be at least 4 characters long.', 'Username'],
    ['operator', '', '', 'Please Enter Password', 'Password'],
    ['operator', 'short', 'short', 'Password must be at least 8 characters long.', 'Password'],
    ['operator', 'secret-pass', 'secret-pasS', 'Passwords do not match!', 'Confirm Password'],
  ])('username %j, password %j, confirmation %j: %j', async (name, password, confirm, text, label) => {
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    if (name) await user.type(textbox(dialog, 'Username'), name);
    if (password) await user.type(within(dialog).getByLabelText('Password'), password);
    if (confirm) await user.type(within(dialog).getByLabelText('Confirm Password'), confirm);
    await user.click(button(dialog, 'Next'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(within(dialog).getByLabelText(label).getAttribute('aria-describedby')).toContain(alert.id);
    expect(stepText(dialog)).toMatch(/^Step 2 of 4/);
  });

  it('shows the hints and shows or hides each password on its own', async () => {
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    expect(within(dialog).getByText('4-20 characters.')).toBeTruthy();
    expect(within(dialog).getByText('8-20 characters.')).toBeTruthy();

    const password = within(dialog).getByLabelText('Password');
    const confirm = within(dialog).getByLabelText('Confirm Password');
    await user.click(button(dialog, 'Show Password'));
    expect(password.getAttribute('type')).toBe('text');
    expect(confirm.getAttribute('type')).toBe('password');
    await user.click(button(dialog, 'Show Confirm Password'));
    expect(confirm.getAttribute('type')).toBe('text');
    await user.click(button(dialog, 'Hide Password'));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('goes back to step 1 with what was typed, and step 1 has no Back', async () => {
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    await fillStep1(user, dialog);
    await user.type(textbox(dialog, 'Username'), 'operator');

    await user.click(button(dialog, 'Back'));
    expect(stepText(dialog)).toMatch(/^Step 1 of 4/);
    expect(document.activeElement?.textContent).toMatch(/^Step 1 of 4/);
    expect((textbox(dialog, 'Sign Reference') as HTMLInputElement).value).toBe('K7QM-3XWD-P9TE');
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();

    await user.click(button(dialog, 'Next'));
    await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 2 of 4/));
    expect((textbox(dialog, 'Username') as HTMLInputElement).value).toBe('operator');
  });
});

describe('sign-up dialog, step 3: details, address and site', () => {
  it('checks the required fields in order, then the e-mail confirmation', async () => {
    const { api, dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    expect(button(dialog, 'Submit')).toBeTruthy();

    const validationLabels = [
      'Company Name',
      'Title',
      'First Name',
      'Surname',
      'Email',
      'Confirm Email',
      'Telephone',
      'Address 1',
      'Town',
      'Postcode',
    ];
    for (const [index, [label, value]] of step3Text.entries()) {
      await user.click(button(dialog, 'Submit'));
      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(`Please fill out the required field: ${validationLabels[index]}`);
      const field =
        label === 'Address 1'
          ? within(dialog).getByRole('combobox', { name: label })
          : textbox(dialog, label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field);
      // A different confirmation first, to see the match check once everything is there.
      await fill(user, field, label === 'Confirm Email' ? 'other@example.com' : value);
    }
    await user.click(button(dialog, 'Submit'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Email addresses do not match!');
    expect(api.callsTo('POST /api/users/add')).toEqual([]);
  });

  it.each([
    ['county', 'Please fill out the required field: county', 'County'],
    ['Site Name', 'Please fill out the required field: Site Name', 'Site Name'],
    ['Key Information', 'Please fill out the required field: Key Information', 'Key Information'],
  ])('on submit also requires the %s', async (_missing, text, label) => {
    const { api, dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    await fillStep3(user, dialog);
    const field = within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, '');
    else await user.clear(field);
    await user.click(button(dialog, 'Submit'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(api.callsTo('POST /api/users/add')).toEqual([]);
  });

  it("shows the sign reference, and Copy fills the key information and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    expect(within(dialog).getByText('K7QM-3XWD-P9TE')).toBeTruthy();
    expect(within(dialog).getByText(KEY_INFO_EXAMPLE)).toBeTruthy();
    expect(KEY_INFO_EXAMPLE).toMatch(/overwritten every 30 days/);
    expect(KEY_INFO_EXAMPLE).toMatch(/Police as evidence/);

    await user.click(button(dialog, 'Copy'));
    expect(within(dialog).getByText('Copied!')).toBeTruthy();
    expect((textbox(dialog, 'Key Information') as HTMLTextAreaElement).value).toBe(KEY_INFO_EXAMPLE);
    act(() => vi.advanceTimersByTime(1900));
    expect(within(dialog).queryByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(within(dialog).queryByText('Copied!')).toBeNull();
  });

  it('offers UK counties labelled with their nation, or world countries when not in the UK', async () => {
    const { dialog } = await openSignUp();
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    const uk = within(dialog).getByRole('checkbox', {
      name: 'UK including Northern Ireland',
    }) as HTMLInputElement;
    expect(uk.checked).toBe(true);
    const county = within(dialog).getByRole('combobox', { name: 'County' });
    for (const name of [
      'Kent (England)',
      'Dyfed (Wales)',
      'Midlothian (Scotland)',
      'County Antrim (Northern Ireland)',
    ]) {
      expect(within(county).getByRole('option', { name })).toBeTruthy();
    }
    expect(within(county).queryByRole('option', { name: 'France' })).toBeNull();

    await user.click(uk);
    expect(within(dialog).queryByRole('combobox', { name: 'County' })).toBeNull();
    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    expect(await within(country).findByRole('option', { name: 'France' })).toBeTruthy();
    expect(within(country).getByRole('option', { name: 'Japan' })).toBeTruthy();
    expect(within(country).queryByRole('option', { name: 'Kent (England)' })).toBeNull();
    expect(within(country).getAllByRole('option').length).toBeGreaterThan(240);
  });

  it('suggests addresses only for 3 or more characters, and a chosen one fills the address', async () => {
    const { api, dialog } = await openSignUp({
      'GET /api/address/autocomplete/*': json({
        suggestions: [
          { address: '1 Lantern Row, Leeds, LS1 9ZQ', id: 'demo-01' },
          { address: '14 Lantern Row, Leeds, LS1 9ZQ', id: 'demo-02' },
        ],
      }),
      'GET /api/address/get/demo-02': json({
        line_1: '14 Lantern Row',
        line_2: 'Holbeck',
        line_3: '',
        town_or_city: 'Leeds',
        postcode: 'LS1 9ZQ',
        county: 'West Yorkshire',
      }),
    });
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    const address1 = within(dialog).getByRole('combobox', { name: 'Address 1' });

    await user.type(address1, 'La');
    await new Promise((done) => setTimeout(done, 500));
    expect(api.callsTo('GET /api/address/autocomplete/*')).toEqual([]);
    expect(address1.getAttribute('aria-expanded')).toBe('false');

    await user.type(address1, 'n');
    const option = await within(dialog).findByRole('option', { name: '14 Lantern Row, Leeds, LS1 9ZQ' });
    expect(api.callsTo('GET /api/address/autocomplete/*').map((c) => c.url)).toEqual([
      '/api/address/autocomplete/Lan',
    ]);
    expect(address1.getAttribute('aria-expanded')).toBe('true');

    await user.click(option);
    await waitFor(() => expect((address1 as HTMLInputElement).value).toBe('14 Lantern Row'));
    expect((textbox(dialog, 'Address 2 (optional)') as HTMLInputElement).value).toBe('Holbeck');
    expect((textbox(dialog, 'Town/City') as HTMLInputElement).value).toBe('Leeds');
    expect((textbox(dialog, 'Post Code') as HTMLInputElement).value).toBe('LS1 9ZQ');
    expect((within(dialog).getByRole('combobox', { name: 'County' }) as HTMLSelectElement).value).toBe(
      'West Yorkshire (England)',
    );
    expect(address1.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes an open suggestion list on Escape without closing the dialog', async () => {
    const { dialog } = await openSignUp({
      'GET /api/address/autocomplete/*': json({
        suggestions: [{ address: '1 Lantern Row, Leeds', id: 'demo-01' }],
      }),
    });
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    const address1 = within(dialog).getByRole('combobox', { name: 'Address 1' });
    await user.type(address1, 'Lantern');
    await within(dialog).findByRole('option', { name: '1 Lantern Row, Leeds' });

    await user.keyboard('{Escape}');
    expect(address1.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Create An Account' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes the address by hand when the look-up fails, and logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api, dialog } = await openSignUp({
      'GET /api/address/autocomplete/*': json(
        { message: 'Something went wrong on our side. Please try again.' },
        500,
      ),
    });
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    const address1 = within(dialog).getByRole('combobox', { name: 'Address 1' });
    await user.type(address1, '9 Nowhere Street');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(api.callsTo('GET /api/address/autocomplete/*').length).toBeGreaterThan(0);
    expect(address1.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(address1.getAttribute('aria-controls') ?? '');
    expect(listbox?.children).toHaveLength(0);
    expect((address1 as HTMLInputElement).value).toBe('9 Nowhere Street');
  });
});

describe('sign-up dialog, submit', () => {
  async function submitWith(
    answer: Parameters<typeof stubApi>[0][string],
    setUp?: (user: User, dialog: HTMLElement) => Promise<void>,
  ) {
    const { api, dialog } = await openSignUp({ 'POST /api/users/add': answer });
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    await fillStep3(user, dialog);
    await setUp?.(user, dialog);
    await user.click(button(dialog, 'Submit'));
    return { api, dialog };
  }

  it('registers with the contract payload, says so and thanks the user on step 4', async () => {
    const { api, dialog } = await submitWith(
      json({
        success: true,
        message: 'Sign-up successful! We have sent you an email.',
        siteId: 3,
        companyId: 2,
        userId: 7,
      }),
    );
    expect(await screen.findByText('Sign-up successful!')).toBeTruthy();
    await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 4 of 4/));
    expect(within(dialog).getByText(/A confirmation e-mail has been sent/)).toBeTruthy();
    expect(within(dialog).getByText(/click the link in it to complete your registration/)).toBeTruthy();
    expect(within(dialog).getByText(/log on with your username and add more stickers or sites/)).toBeTruthy();
    expect(within(dialog).getByText(/only need to register once/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();

    const [call] = api.callsTo('POST /api/users/add') as [ApiCall];
    expect(call.body).toEqual({
      companyName: 'Acme Security Ltd',
      title: 'Ms',
      firstname: 'Ada',
      surname: 'Lovelace',
      address1: '1 Lantern Row',
      address2: '',
      address3: '',
      town: 'Leeds',
      postcode: 'LS1 9ZQ',
      county: 'Kent',
      email: 'ada@example.com',
      tel: '0113 496 0000',
      userName: 'operator',
      password: 'secret-pass',
      siteName: 'Front car park',
      keyInfo: 'Crime prevention.',
      signRef: 'K7QM-3XWD-P9TE',
      prefixNo: 'KQT40817',
      masterUser: 1,
    });
    // The server links the sticker in the registration itself; an unconfirmed user has no session.
    expect(api.callsTo('PUT /api/stickers/*')).toEqual([]);
  });

  it('a password the server finds too common: back to step 2, the message on the Password field', async () => {
    const tooCommon =
      'This password is too common and easy to guess. Please choose another: three or four unrelated words make a strong one.';
    const { dialog } = await submitWith(json({ message: tooCommon }, 400));
    await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 2 of 4/));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(tooCommon);
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-describedby')).toContain(alert.id);
  });

  it('sends a country chosen from the world list as it is', async () => {
    const { api } = await submitWith(json({ success: true, message: 'ok' }), async (user, dialog) => {
      await user.click(within(dialog).getByRole('checkbox', { name: 'UK including Northern Ireland' }));
      const country = within(dialog).getByRole('combobox', { name: 'Country' });
      await within(country).findByRole('option', { name: 'Ireland' });
      await user.selectOptions(country, 'Ireland');
    });
    await waitFor(() => expect(api.callsTo('POST /api/users/add')).toHaveLength(1));
    expect(api.callsTo('POST /api/users/add')[0]?.body).toMatchObject({ county: 'Ireland' });
  });

  it.each([
    [
      'a refusal',
      json({ success: false, message: 'That username is already taken. Please choose another.' }),
      'That username is already taken. Please choose another.',
    ],
    [
      'a rejected field',
      json({ message: 'Username may use letters, digits and . _ @ - only.' }, 400),
      'Username may use letters, digits and . _ @ - only.',
    ],
    [
      'the sticker taken a moment ago (409)',
      json(
        { message: 'Someone registered this sticker a moment ago. If it is yours, please contact us.' },
        409,
      ),
      'Someone registered this sticker a moment ago. If it is yours, please contact us.',
    ],
    [
      'a user name in use (409)',
      json({ message: 'That username is already taken. Please choose another.' }, 409),
      'That username is already taken. Please choose another.',
    ],
    [
      'too many attempts (429)',
      json({ message: 'Too many attempts. Please wait a minute and try again.' }, 429),
      'Too many attempts. Please wait a minute and try again.',
    ],
    [
      'a server failure',
      json({ message: 'Something went wrong on our side. Please try again.' }, 500),
      'Sign-up failed. Please try again.',
    ],
    [
      'a 4xx without a useful message',
      json({ message: 'Refused by the server' }, 403),
      'Sign-up failed. Please try again.',
    ],
    ['a 4xx with no body', () => new Response('', { status: 400 }), 'Sign-up failed. Please try again.'],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Sign-up failed. Please try again.',
    ],
  ])('stays on step 3 after %s', async (_case, answer, text) => {
    const { dialog } = await submitWith(answer);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text);
    expect(stepText(dialog)).toMatch(/^Step 3 of 4/);
  });
});

describe('sign-up dialog, step 3: how long the recorder keeps footage', () => {
  const registered = json({
    success: true,
    message: 'Sign-up successful!',
    siteId: 3,
    companyId: 2,
    userId: 7,
  });

  async function atStep3() {
    const { api, dialog } = await openSignUp({ 'POST /api/users/add': registered });
    const user = userEvent.setup({ delay: null });
    await fillStep1(user, dialog);
    await fillStep2(user, dialog);
    await fillStep3(user, dialog);
    const days = within(dialog).getByRole('spinbutton', {
      name: 'How many days does your recorder keep footage?',
    }) as HTMLInputElement;
    return { api, dialog, user, days };
  }

  it('is asked in the site section, optional, saying the public sees it and visitors are warned with it', async () => {
    const { dialog, days } = await atStep3();
    const site = within(dialog).getByRole('group', { name: 'Your first site' });
    expect(site.contains(days)).toBe(true);
    expect(days.value).toBe('');
    expect(days.required).toBe(false);
    expect(days.min).toBe('1');
    expect(days.max).toBe('3650');
    const hint = document.getElementById(days.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(hint).toContain('Shown to the public');
    expect(hint).toContain('warn visitors before the footage they ask for is overwritten');
    expect(hint).toContain('If you leave it empty, we will ask you for it when you sign in.');
  });

  it('sends the days typed with the registration', async () => {
    const { api, dialog, user, days } = await atStep3();
    await user.type(days, '14');
    await user.click(button(dialog, 'Submit'));
    await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 4 of 4/));
    const [call] = api.callsTo('POST /api/users/add') as [ApiCall];
    expect(call.body).toMatchObject({ siteName: 'Front car park', retentionDays: 14 });
  });

  it('left empty, sends the spec’s payload without it', async () => {
    const { api, dialog, user, days } = await atStep3();
    await user.type(days, '14');
    await user.clear(days);
    await user.click(button(dialog, 'Submit'));
    await waitFor(() => expect(stepText(dialog)).toMatch(/^Step 4 of 4/));
    const [call] = api.callsTo('POST /api/users/add') as [ApiCall];
    expect(call.body).not.toHaveProperty('retentionDays');
  });

  it.each([
    ['0', 'Recordings are kept for at least 1 day.'],
    ['3651', 'Recordings are kept for at most 3650 days.'],
    ['1.5', 'Recordings kept: whole days only.'],
  ])('refuses %j at the field, focused, and sends nothing', async (typed, text) => {
    const { api, dialog, user, days } = await atStep3();
    await user.type(days, typed);
    await user.click(button(dialog, 'Submit'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(days.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(days);
    expect(api.callsTo('POST /api/users/add')).toEqual([]);
  });
});
