import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../test/dialog';
import { SIGN_UP_DRAFT_KEY } from './sign-up-draft';
import { PASSWORDS_NOT_KEPT } from './sign-up-panel';
import { json, renderAuthDialog, stubApi } from './test-harness';

// Issue 36, items 3, 4 and 26: sign-up never loses what was typed, tells every name in use as it
// is left and all at once on Submit, and step 4 shows the address the link went to.

type User = ReturnType<typeof userEvent.setup>;

const freeSticker = json({
  success: true,
  message: 'Sticker found',
  result: [{ id: 5, siteId: null, prefixNo: 'KQT40817' }],
});
const userNameTaken = 'That username is already taken. Please choose another.';
const emailTaken = 'An account with that email address already exists. Please sign in instead.';

const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const stepName = (dialog: HTMLElement) => within(dialog).getByText(/^Step \d of 4/);

async function open(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'POST /api/stickers/signref': freeSticker,
    'GET /api/address/autocomplete/*': json({ suggestions: [] }),
    ...routes,
  });
  const view = await renderAuthDialog({ mode: 'signUp' });
  return { api, ...view, dialog: await findDialog('Create An Account') };
}

async function fill(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function toStep2(user: User, dialog: HTMLElement) {
  await fill(user, textbox(dialog, 'Sign Reference'), 'K7QM-3XWD-P9TE');
  await fill(user, textbox(dialog, 'Prefix Number'), 'kqt40817');
  await user.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
  await user.click(button(dialog, 'Next'));
  await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 2 of 4: Your login'));
}

async function toStep3(user: User, dialog: HTMLElement, userName = 'operator') {
  await fill(user, textbox(dialog, 'Username'), userName);
  await fill(user, within(dialog).getByLabelText('Password'), 'secret-pass');
  await fill(user, within(dialog).getByLabelText('Confirm Password'), 'secret-pass');
  await user.click(button(dialog, 'Next'));
  await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 3 of 4: Your details and site'));
}

async function fillStep3(user: User, dialog: HTMLElement, email = 'ada@example.com') {
  const fields: [string, string][] = [
    ['Company Name', 'Acme Security Ltd'],
    ['Title', 'Ms'],
    ['First Name', 'Ada'],
    ['Surname', 'Lovelace'],
    ['Email', email],
    ['Confirm Email', email],
    ['Telephone', '0113 496 0000'],
    ['Town/City', 'Leeds'],
    ['Post Code', 'LS1 9ZQ'],
  ];
  for (const [label, value] of fields) await fill(user, textbox(dialog, label), value);
  await fill(user, within(dialog).getByRole('combobox', { name: 'Address 1' }), '1 Lantern Row');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'County' }), 'Kent (England)');
  await fill(user, textbox(dialog, 'Site Name'), 'Front car park');
  await fill(user, textbox(dialog, 'Key Information'), 'Crime prevention.');
}

describe('sign-up keeps what was typed (issue 36, item 3)', () => {
  it("the browser's Back goes to the previous step with everything still there, and Forward returns", async () => {
    const user = userEvent.setup();
    const { dialog, router } = await open();
    await toStep2(user, dialog);
    await toStep3(user, dialog);
    await fill(user, textbox(dialog, 'Company Name'), 'Acme Security Ltd');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 2 of 4: Your login'));
    expect(document.activeElement).toBe(stepName(dialog));
    expect((textbox(dialog, 'Username') as HTMLInputElement).value).toBe('operator');
    expect(screen.getByRole('dialog', { name: 'Create An Account' })).toBe(dialog);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 1 of 4: Your sticker'));
    expect((textbox(dialog, 'Sign Reference') as HTMLInputElement).value).toBe('K7QM-3XWD-P9TE');

    await act(() => router.navigate(2));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 3 of 4: Your details and site'));
    expect((textbox(dialog, 'Company Name') as HTMLInputElement).value).toBe('Acme Security Ltd');
  });

  it("the dialog's own Back is the browser's Back: no step is left behind in the history", async () => {
    const user = userEvent.setup();
    const { dialog, router } = await open();
    await toStep2(user, dialog);
    await toStep3(user, dialog);
    await user.click(button(dialog, 'Back'));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 2 of 4: Your login'));
    expect(router.state.historyAction).toBe('POP');
    await user.click(button(dialog, 'Back'));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 1 of 4: Your sticker'));
    expect(router.state.location.state).toBeNull();
  });

  it('a refresh brings back what was typed, never the passwords, at step 2 to type them again', async () => {
    const user = userEvent.setup();
    const first = await open();
    await toStep2(user, first.dialog);
    await toStep3(user, first.dialog);
    await fill(user, textbox(first.dialog, 'Company Name'), 'Acme Security Ltd');
    await fill(user, textbox(first.dialog, 'Email'), 'ada@example.com');

    const kept = sessionStorage.getItem(SIGN_UP_DRAFT_KEY) ?? '';
    expect(kept).toContain('Acme Security Ltd');
    expect(kept).not.toContain('secret-pass');
    expect(kept).not.toMatch(/password/i);

    // The page goes (a refresh): nothing of the dialog runs on the way out.
    first.unmount();
    await renderAuthDialog({});
    const dialog = await findDialog('Create An Account');
    expect(stepName(dialog).textContent).toBe('Step 2 of 4: Your login');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByText(PASSWORDS_NOT_KEPT)));
    expect((textbox(dialog, 'Username') as HTMLInputElement).value).toBe('operator');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');

    await toStep3(user, dialog);
    expect((textbox(dialog, 'Company Name') as HTMLInputElement).value).toBe('Acme Security Ltd');
    expect((textbox(dialog, 'Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('a stray tap beside the dialog at step 3 asks first; "Keep signing up" keeps everything', async () => {
    const user = userEvent.setup();
    const { dialog } = await open();
    await toStep2(user, dialog);
    await toStep3(user, dialog);
    await fill(user, textbox(dialog, 'Company Name'), 'Acme Security Ltd');

    // The strip of page beside the dialog (it takes no clicks of user-event's, being behind a modal).
    fireEvent.pointerDown(document.body);
    fireEvent.click(document.body);
    const ask = await screen.findByRole('alertdialog', { name: 'Leave sign-up?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep signing up' })),
    );
    await user.click(within(ask).getByRole('button', { name: 'Keep signing up' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Create An Account' })).toBe(dialog);
    expect((textbox(dialog, 'Company Name') as HTMLInputElement).value).toBe('Acme Security Ltd');

    await user.click(button(dialog, 'Close'));
    const again = await screen.findByRole('alertdialog', { name: 'Leave sign-up?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and clear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(SIGN_UP_DRAFT_KEY)).toBeNull();
  });

  it('keeps what was typed through "Already have an account? Sign In" and back; closing then resets it', async () => {
    const user = userEvent.setup();
    const { dialog } = await open();
    await toStep2(user, dialog);
    await user.click(button(dialog, 'Sign In'));
    let signIn = await findDialog('Sign In');
    await user.click(button(signIn, 'Create An Account'));
    const signUp = await findDialog('Create An Account');
    expect((textbox(signUp, 'Sign Reference') as HTMLInputElement).value).toBe('K7QM-3XWD-P9TE');

    await user.click(button(signUp, 'Sign In'));
    signIn = await findDialog('Sign In');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(SIGN_UP_DRAFT_KEY)).toBeNull();
  });

  it('closes at once when nothing was typed', async () => {
    const user = userEvent.setup();
    await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('names in use are told as they are left, and all at once (issue 36, item 4)', () => {
  it('checks the user name as step 2 leaves it, with the sticker, and keeps Next from going on', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await open({
      'POST /api/users/sign-up-check': json({ problems: [{ field: 'userName', message: userNameTaken }] }),
    });
    await toStep2(user, dialog);
    await fill(user, textbox(dialog, 'Username'), 'operator');
    await user.tab();
    const error = await within(dialog).findByText(userNameTaken);
    expect(textbox(dialog, 'Username').getAttribute('aria-describedby')).toContain(error.id);
    expect(api.callsTo('POST /api/users/sign-up-check')[0]?.body).toEqual({
      signRef: 'K7QM-3XWD-P9TE',
      prefixNo: 'KQT40817',
      userName: 'operator',
    });

    await fill(user, within(dialog).getByLabelText('Password'), 'secret-pass');
    await fill(user, within(dialog).getByLabelText('Confirm Password'), 'secret-pass');
    await user.click(button(dialog, 'Next'));
    expect(stepName(dialog).textContent).toBe('Step 2 of 4: Your login');
    expect(document.activeElement).toBe(textbox(dialog, 'Username'));
  });

  it('checks the e-mail address as step 3 leaves it', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await open({
      'POST /api/users/sign-up-check': (call) =>
        Response.json({
          problems: (call.body as { email?: string }).email ? [{ field: 'email', message: emailTaken }] : [],
        }),
    });
    await toStep2(user, dialog);
    await toStep3(user, dialog);
    await fill(user, textbox(dialog, 'Email'), 'ada@example.com');
    await user.tab();
    expect(await within(dialog).findByText(emailTaken)).toBeTruthy();
    expect(api.callsTo('POST /api/users/sign-up-check').at(-1)?.body).toEqual({
      signRef: 'K7QM-3XWD-P9TE',
      prefixNo: 'KQT40817',
      email: 'ada@example.com',
    });
  });

  it('on Submit lists every name in use at once, focused, and registers nothing', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await open({
      'POST /api/users/sign-up-check': json({ problems: [] }),
    });
    await toStep2(user, dialog);
    await toStep3(user, dialog);
    await fillStep3(user, dialog);
    // Someone took both meanwhile: the check on Submit finds them.
    stubApi({
      'GET /api/address/autocomplete/*': json({ suggestions: [] }),
      'POST /api/users/sign-up-check': json({
        problems: [
          { field: 'userName', message: userNameTaken },
          { field: 'email', message: emailTaken },
        ],
      }),
    });
    await user.click(button(dialog, 'Submit'));
    const summary = await within(dialog).findByText(/Please change these before you submit/);
    const list = summary.closest('[role="alert"]') as HTMLElement;
    expect(within(list).getByText(new RegExp(userNameTaken))).toBeTruthy();
    expect(within(list).getByText(new RegExp(emailTaken))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(api.callsTo('POST /api/users/add')).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Change your username' }));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 2 of 4: Your login'));
    expect(document.activeElement).toBe(textbox(dialog, 'Username'));
  });
});

describe('the thank-you (issue 36, item 26)', () => {
  it('shows the address the confirmation mail went to', async () => {
    const user = userEvent.setup();
    const { dialog } = await open({
      'POST /api/users/sign-up-check': json({ problems: [] }),
      'POST /api/users/add': json({
        success: true,
        message: 'Sign-up successful!',
        siteId: 1,
        companyId: 1,
        userId: 1,
      }),
    });
    await toStep2(user, dialog);
    await toStep3(user, dialog);
    await fillStep3(user, dialog, ' Ada@Example.com ');
    await user.click(button(dialog, 'Submit'));
    await waitFor(() => expect(stepName(dialog).textContent).toBe('Step 4 of 4: Thank you'));
    const sentTo = within(dialog).getByText(/A confirmation e-mail has been sent to you at/);
    expect(sentTo.textContent).toContain('Ada@Example.com.');
    expect(within(sentTo).getByText('Ada@Example.com').tagName).toBe('STRONG');
    expect(sessionStorage.getItem(SIGN_UP_DRAFT_KEY)).toBeNull();
  });
});
