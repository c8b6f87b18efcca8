import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../test/dialog';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';

describe('account and reset dialogs', () => {
  it('opens in confirmation mode from ?userId= and drops the parameter on close', async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    const { router } = await renderShell({ path: '/?userId=17' });
    const dialog = await findDialog('Confirm Account');
    expect(within(dialog).queryByRole('button', { name: 'Forgot Password?' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Create An Account' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the reset-password dialog from ?value= and closes on Escape', async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    const { router } = await renderShell({ path: '/faqs?value=reset-token-123' });
    await findDialog('Reset Password');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/faqs');
  });

  it("opens from the quick menu's Sign In, switches modes and reopens in sign-in mode", async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    await renderShell({ path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    let dialog = await findDialog('Sign In');

    await user.click(within(dialog).getByRole('button', { name: 'Create An Account' }));
    dialog = await findDialog('Create An Account');
    expect(within(dialog).getByText(/Already have an account\?/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    dialog = await findDialog('Sign In');

    await user.click(within(dialog).getByRole('button', { name: 'Forgot Password?' }));
    dialog = await findDialog('Forgot Password');
    await user.click(within(dialog).getByRole('button', { name: 'Back to Sign In' }));
    dialog = await findDialog('Sign In');

    await user.click(within(dialog).getByRole('button', { name: 'Forgot Password?' }));
    await findDialog('Forgot Password');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await findDialog('Sign In')).toBeTruthy();
  });

  it('asks before closing sign-up with typed details, and forgets them when told to', async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    await renderShell({ path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    let dialog = await findDialog('Sign In');
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'operator');
    await user.click(within(dialog).getByRole('button', { name: 'Create An Account' }));
    dialog = await findDialog('Create An Account');
    await user.type(within(dialog).getByRole('textbox', { name: 'Sign Reference' }), 'K7QM-3XWD-P9TE');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Leave sign-up?' });
    await user.click(within(ask).getByRole('button', { name: 'Leave and clear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    dialog = await findDialog('Sign In');
    expect((within(dialog).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Create An Account' }));
    dialog = await findDialog('Create An Account');
    expect((within(dialog).getByRole('textbox', { name: 'Sign Reference' }) as HTMLInputElement).value).toBe(
      '',
    );
  });
});
