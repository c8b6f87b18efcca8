import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../test/dialog';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { SIDEBAR_ID } from './ids';

// The drawer's own button must close it: a press on it is not an "outside click" that closes the
// drawer first, only for the same click to open it again.
describe('the narrow-screen menu button', () => {
  it('opens the drawer with "Open menu" and closes it with "Close menu"', async () => {
    setScreenWidth(375);
    const user = userEvent.setup();
    await renderShell({ path: '/' });

    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const drawer = await findDialog('Menu');
    expect(drawer.id).toBe(SIDEBAR_ID);

    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(SIDEBAR_ID)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });
});
