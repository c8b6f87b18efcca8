import { brandById } from '@app/brands';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

  it('Log Out tells the server to end the session, sending the token the browser held', async () => {
    setScreenWidth(1280);
    const token = fakeToken(600);
    localStorage.setItem('token', token);
    localStorage.setItem('masterUser', 'true');
    localStorage.setItem('userId', '42');
    const calls: { url: string; method: string; authorization: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({ url, method, authorization: new Headers(init?.headers).get('authorization') });
        if (url.endsWith('/api/users/logout')) return Response.json({ message: 'You have been signed out.' });
        return Response.json({ message: 'Not stubbed in this test' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderShell({ path: '/faqs' });
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/api/users/logout'))).toEqual([
        {
          url: expect.stringMatching(/\/api\/users\/logout$/),
          method: 'POST',
          authorization: `Bearer ${token}`,
        },
      ]),
    );
    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/');
  });

  it('Log Out still signs out in the browser when the server cannot be reached', async () => {
    setScreenWidth(1280);
    localStorage.setItem('token', fakeToken(600));
    localStorage.setItem('masterUser', 'false');
    localStorage.setItem('userId', '42');
    const failed = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', failed);
    // The API client reports the failed call; nothing else may go wrong.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = await renderShell({ path: '/faqs' });
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Network failure on POST /api/users/logout', expect.anything()),
    );
  });

  it('is absent for a brand without a quick menu', async () => {
    setScreenWidth(1280);
    await renderShell({ brand: { ...brandById('signs'), showQuickMenu: false }, path: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});
