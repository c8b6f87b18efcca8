import { brandById, brandIds, brands, matchPage } from '@app/brands';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../test/render-shell';
import { setScreenWidth } from '../test/screen-width';

const signs = brandById('signs');

/** A concrete path for a page pattern: `/dvrs/:dvrName` -> `/dvrs/sample`. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, 'sample');
}

describe('routes', () => {
  it('sends a path the brand does not have to /404, replacing the bad entry', async () => {
    setScreenWidth(1280);
    const { router } = await renderShell({ path: '/no-such-page' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(signs.pages['/404']?.title);
    expect(router.state.location.pathname).toBe('/404');
    expect(router.state.historyAction).toBe('REPLACE');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe(`${signs.pages['/404']?.title} | ${signs.name}`));
  });

  it("sends a route of the group that the brand's config does not allow to /404", async () => {
    setScreenWidth(1280);
    const { '/comply': _removed, ...pages } = signs.pages;
    const { router } = await renderShell({ brand: { ...signs, pages }, path: '/comply' });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/404');
  });

  it('titles the home page with the brand title and other pages with page and brand name', async () => {
    setScreenWidth(1280);
    const home = await renderShell({ path: '/' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(signs.pages['/']?.title);
    // The title is set in an effect, which may run just after the heading is on screen.
    await waitFor(() => expect(document.title).toBe(signs.title));
    home.unmount();

    await renderShell({ path: '/comply' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('How to comply');
    await waitFor(() => expect(document.title).toBe(`How to comply | ${signs.name}`));
  });

  it.each(brandIds)('renders every page %s allows, with its title as heading', async (id) => {
    setScreenWidth(1280);
    const brand = brands.find((b) => b.id === id) ?? signs;
    for (const [pattern, meta] of Object.entries(brand.pages)) {
      const view = await renderShell({ brand, path: samplePath(pattern) });
      const heading = await screen.findByRole('heading', { level: 1 });
      expect({ pattern, heading: heading.textContent, path: view.router.state.location.pathname }).toEqual({
        pattern,
        heading: meta.title,
        path: samplePath(pattern),
      });
      expect(matchPage(brand, view.router.state.location.pathname)?.pattern).toBe(pattern);
      view.unmount();
    }
  });
});
