import { brandById } from '@app/brands';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../test/dialog';
import { fakeToken, renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { SIDEBAR_ID } from './ids';
import { SIDEBAR_CLOSE_DELAY_MS } from './sidebar';

const signs = brandById('signs');

function sidebar(): HTMLElement {
  const element = document.getElementById(SIDEBAR_ID);
  if (!element) throw new Error('no sidebar');
  return element;
}

describe('sidebar', () => {
  it('shows the brand logo and name and the signed-out menu', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const home = within(sidebar()).getByRole('link', { name: signs.name });
    expect(home.querySelector('img')?.getAttribute('src')).toBe(signs.logoDetails.logo);
    for (const group of signs.navRoute.signedOut) {
      expect(within(nav).getAllByText(group.label).length).toBeGreaterThan(0);
    }
  });

  it("names the brand once at the top of a wide screen: the logo's text alternative", async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(sidebar()).getByRole('img', { name: signs.name })).toBeTruthy();
    // Neither the sidebar nor the top bar repeats it as text.
    expect(screen.queryAllByText(signs.name)).toHaveLength(0);
  });

  it('names the brand in the top bar on a narrow screen, where the sidebar is a closed drawer', async () => {
    setScreenWidth(375);
    await renderShell({ path: '/' });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText(signs.name)).toBeTruthy();
  });

  it('expands and collapses a group with its button', async () => {
    setScreenWidth(1280);
    const user = userEvent.setup();
    await renderShell({ path: '/' });
    const toggle = await screen.findByRole('button', { name: 'Find a scheme operator' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(sidebar()).queryByRole('link', { name: 'Look up a sign reference' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(within(sidebar()).getByRole('link', { name: 'Look up a sign reference' })).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(sidebar()).queryByRole('link', { name: 'Look up a sign reference' })).toBeNull();
  });

  it('marks the link of the current page and opens its group', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/comply' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'For operators' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['How to comply']);
  });

  it('shows the user menu when signed in and the master user menu for a master user', async () => {
    setScreenWidth(1280);
    localStorage.setItem('token', fakeToken(3600));
    localStorage.setItem('masterUser', 'false');
    const first = await renderShell({ path: '/' });
    expect(await screen.findByRole('button', { name: 'My scheme' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Company' })).toBeNull();
    first.unmount();

    localStorage.setItem('masterUser', 'true');
    await renderShell({ path: '/' });
    expect(await screen.findByRole('button', { name: 'Company' })).toBeTruthy();
  });

  it('is always shown on a wide screen, with no menu toggle', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(sidebar().hasAttribute('inert')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  describe('on a narrow screen', () => {
    it('is hidden until the toggle opens it as a modal dialog', async () => {
      setScreenWidth(375);
      const user = userEvent.setup();
      await renderShell({ path: '/' });
      const toggle = await screen.findByRole('button', { name: 'Open menu' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(toggle.getAttribute('aria-controls')).toBe(SIDEBAR_ID);
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

      await user.click(toggle);
      const drawer = await findDialog('Menu');
      expect(drawer.id).toBe(SIDEBAR_ID);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(toggle.getAttribute('aria-label')).toBe('Close menu');
      expect(within(drawer).getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
      expect(drawer.contains(document.activeElement)).toBe(true);
      // The page behind is out of reach of screen readers while the drawer is open.
      expect(screen.queryByRole('main')).toBeNull();
    });

    it('closes a moment after a link is tapped', async () => {
      setScreenWidth(375);
      const { router } = await renderShell({ path: '/comply' });
      const toggle = await screen.findByRole('button', { name: 'Open menu' });
      await userEvent.click(toggle);
      await findDialog('Menu');
      // Fake timeouts only from here: Testing Library's waiting relies on real ones.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const link = within(sidebar()).getByRole('link', { name: 'About us' });
      link.focus();
      fireEvent.click(link);
      expect(router.state.location.pathname).toBe('/about-us');
      expect(toggle.getAttribute('aria-expanded')).toBe('true');

      act(() => {
        vi.advanceTimersByTime(SIDEBAR_CLOSE_DELAY_MS - 1);
      });
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      // Radix moves focus on the next tick after the drawer has gone.
      act(() => {
        vi.runOnlyPendingTimers();
      });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.getElementById(SIDEBAR_ID)).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('main'));
    });

    it('closes on a click outside it, but not on a click inside it', async () => {
      setScreenWidth(375);
      const user = userEvent.setup();
      await renderShell({ path: '/' });
      const toggle = await screen.findByRole('button', { name: 'Open menu' });
      await user.click(toggle);
      await findDialog('Menu');
      // Radix listens for taps outside from the tick after it opened (not to catch the opening tap).
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

      fireEvent.pointerDown(within(sidebar()).getByRole('navigation'));
      expect(toggle.getAttribute('aria-expanded')).toBe('true');

      // Hidden from screen readers behind the open drawer, but still under the pointer.
      const main = screen.getByRole('main', { hidden: true });
      fireEvent.pointerDown(main);
      fireEvent.pointerUp(main);
      fireEvent.click(main);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    });

    it('closes on Escape and gives focus back to the toggle', async () => {
      setScreenWidth(375);
      const user = userEvent.setup();
      await renderShell({ path: '/' });
      const toggle = await screen.findByRole('button', { name: 'Open menu' });
      await user.click(toggle);
      await findDialog('Menu');
      expect(sidebar().contains(document.activeElement)).toBe(true);

      await user.keyboard('{Escape}');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(toggle);
    });
  });

  it('inserts the links of a catalogue source after the named entry', async () => {
    setScreenWidth(1280);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([{ dvrName: 'Alpha 8' }, { dvrName: 'Beta 16' }])),
    );
    const brand = {
      ...signs,
      navRoute: {
        signedOut: [
          {
            label: 'DVR Models',
            source: 'dvrModels' as const,
            insertAfter: 'Introduction',
            children: [
              { label: 'Introduction', to: '/faqs' },
              { label: 'Accessories', to: '/comply' },
            ],
          },
        ],
      },
    };
    const user = userEvent.setup();
    await renderShell({ brand, path: '/about-us' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('button', { name: 'DVR Models' }));
    await within(nav).findByRole('link', { name: 'Alpha 8' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Introduction', 'Alpha 8', 'Beta 16', 'Accessories']);
    expect(within(nav).getByRole('link', { name: 'Beta 16' }).getAttribute('href')).toBe('/dvrs/Beta%2016');
  });
});
