import { brandById } from '@app/brands';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';

describe('quick menu', () => {
  it('shows Sign In when signed out', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'My account' })).toBeNull();
  });

  it('offers the profile and logging out when signed in', async () => {
    setScreenWidth(1280);
    localStorage.setItem('token', fakeToken(600));
    localStorage.setItem('masterUser', 'false');
    localStorage.setItem('userId', '42');
    const user = userEvent.setup();
    const { router } = await renderShell({ path: '/faqs' });

    const account = await screen.findByRole('button', { name: 'My account' });
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    await user.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'View my profile' }));
    expect(router.state.location.pathname).toBe('/update-details');

    await user.click(account);
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('is absent for a brand without a quick menu', async () => {
    setScreenWidth(1280);
    await renderShell({ brand: { ...brandById('signs'), showQuickMenu: false }, path: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});
