import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../test/dialog';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';

// Issue 36, item 6: registering a sign had no way in but Sign In, then "Create An Account".

describe('"Create an account" where registering is described', () => {
  it.each([
    ['the home page', '/', 'Run CCTV? Register your sign'],
    ['the help page', '/help', 'Create your account'],
  ])('%s shows it as a button beside the steps, and it opens sign-up there', async (_, path, section) => {
    setScreenWidth(375);
    const user = userEvent.setup();
    const { router } = await renderShell({ path });
    const heading = await screen.findByRole('heading', { name: section });
    const scope = (heading.closest('section') ?? heading.parentElement) as HTMLElement;
    const button = within(scope).getByRole('link', { name: 'Create an account' });
    expect(button.className).toMatch(/action/);

    await user.click(button);
    const dialog = await findDialog('Create An Account');
    expect(within(dialog).getByText('Step 1 of 4: Your sticker')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(path);
  });

  it('a link to ?signup=1 opens sign-up on the page it leads to', async () => {
    setScreenWidth(1280);
    const { router } = await renderShell({ path: '/faqs?signup=1' });
    await findDialog('Create An Account');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/faqs');
  });
});
