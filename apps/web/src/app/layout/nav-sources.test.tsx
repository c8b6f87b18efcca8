import { brandById, type NavGroup } from '@app/brands';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { mergeNavEntries } from './nav-sources';

/** A fetch that answers the listed API paths with JSON and everything else with a 404. */
function stubApi(replies: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return path in replies
        ? Response.json(replies[path])
        : Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}

describe('mergeNavEntries', () => {
  const group: NavGroup = {
    label: 'Group',
    children: [
      { label: 'First', to: '/first' },
      { label: 'Last', to: '/last' },
    ],
    insertAfter: 'First',
  };
  const built = [
    { label: 'A', to: '/a' },
    { label: 'B', to: '/b' },
  ];

  it('puts the built links right after the named entry, in their order', () => {
    expect(mergeNavEntries(group, built).map((e) => e.label)).toEqual(['First', 'A', 'B', 'Last']);
  });

  it('appends them when there is no such entry or none is named, and keeps the group as it is without them', () => {
    expect(mergeNavEntries({ ...group, insertAfter: 'Missing' }, built).map((e) => e.label)).toEqual([
      'First',
      'Last',
      'A',
      'B',
    ]);
    expect(mergeNavEntries({ label: 'Products' }, built).map((e) => e.label)).toEqual(['A', 'B']);
    expect(mergeNavEntries(group, [])).toBe(group.children);
  });
});

describe('the sister sites’ sidebars', () => {
  it("DVR: one link per model, by name, right after 'Introduction'", async () => {
    setScreenWidth(1280);
    stubApi({
      '/api/dvrs': [
        { dvrName: 'AL-4CH-H5', title: 'Four' },
        { dvrName: 'AL-8CH-H5', title: 'Eight' },
      ],
    });
    const user = userEvent.setup();
    await renderShell({ brand: brandById('dvr'), path: '/port' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const toggle = within(nav).getByRole('button', { name: 'DVR Models' });
    await user.click(toggle);
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the group has no list');
    await within(list).findByRole('link', { name: 'AL-4CH-H5' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Introduction', '/alien-hybrid'],
      ['AL-4CH-H5', '/dvrs/AL-4CH-H5'],
      ['AL-8CH-H5', '/dvrs/AL-8CH-H5'],
    ]);
  });

  it('voice: categories with their subcategories, and one product link per title', async () => {
    setScreenWidth(1280);
    stubApi({
      '/api/message/route': [
        {
          id: 1,
          title: 'CCTV warnings',
          subcategories: [
            { id: 11, title: 'General CCTV warnings' },
            { id: 12, title: 'Monitored CCTV' },
          ],
        },
        { id: 2, title: 'Private property', subcategories: [{ id: 21, title: 'Yards' }] },
      ],
      '/api/products': [{ name: 'VA-100', title: 'VoxAlert VA-100 indoor voice player' }],
    });
    const user = userEvent.setup();
    await renderShell({ brand: brandById('voice'), path: '/about' });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });

    await user.click(within(nav).getByRole('button', { name: 'Voice Messages' }));
    const category = await within(nav).findByRole('link', { name: 'CCTV warnings' });
    expect(category.getAttribute('href')).toBe('/category/1');
    const item = category.closest('li');
    if (!item) throw new Error('the category is not a list item');
    expect(
      within(item)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/category/1', '/subcategory/11', '/subcategory/12']);
    expect(within(nav).getByRole('link', { name: 'All messages' })).toBeTruthy();

    await user.click(within(nav).getByRole('button', { name: 'Products' }));
    const product = await within(nav).findByRole('link', { name: 'VoxAlert VA-100 indoor voice player' });
    expect(product.getAttribute('href')).toBe('/products/VA-100');
  });
});
