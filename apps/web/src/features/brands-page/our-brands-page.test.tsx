import { brandById, brands } from '@app/brands';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { brandSiteUrl } from './brand-site-url';
import { OurBrandsPage } from './our-brands-page';

function renderPage(brandId: 'signs' | 'anpr') {
  const router = createMemoryRouter([{ path: '/our-brands', element: <OurBrandsPage /> }], {
    initialEntries: ['/our-brands'],
  });
  render(
    <BrandProvider brand={brandById(brandId)}>
      <RouterProvider router={router} />
    </BrandProvider>,
  );
  return userEvent.setup();
}

describe('OurBrandsPage', () => {
  it('has a card for each sister brand, linking to its site', () => {
    renderPage('anpr');
    const sisters = brands.filter((b) => b.id !== 'anpr');
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(
      sisters.map((b) => b.name),
    );
    for (const [index, sister] of sisters.entries()) {
      const link = within(cards[index] as HTMLElement).getByRole('link', {
        name: `Visit the site of ${sister.name}`,
      });
      // jsdom runs at http://localhost:3000: the sister's development host on the same port.
      expect(link.getAttribute('href')).toBe(`http://${sister.hostKeys[0]}.localhost:3000`);
    }
  });

  it('turns a card by keyboard to show the description, and back', async () => {
    const user = renderPage('signs');
    const dvr = brandById('dvr');
    const card = screen.getByRole('listitem', { name: dvr.name });
    const toggle = within(card).getByRole('button', { name: `More about ${dvr.name}` });
    const back = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(back.textContent).toBe(dvr.ogDesc);
    expect(back.hasAttribute('inert')).toBe(true);

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(back.hasAttribute('inert')).toBe(false);
    expect(within(card).getByRole('button', { name: `Show the logo of ${dvr.name}` })).toBe(toggle);
    const front = card.querySelector('img')?.closest('div') as HTMLElement;
    expect(front.hasAttribute('inert')).toBe(true);

    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(back.hasAttribute('inert')).toBe(true);
    expect(front.hasAttribute('inert')).toBe(false);
  });
});

describe('brandSiteUrl', () => {
  const dvr = brandById('dvr');
  const signs = brandById('signs');
  it('keeps the scheme and port on development hosts', () => {
    expect(brandSiteUrl(dvr, { protocol: 'http:', hostname: 'signs.localhost', port: '3210' })).toBe(
      'http://dvr.localhost:3210',
    );
    expect(brandSiteUrl(dvr, { protocol: 'http:', hostname: 'localhost', port: '' })).toBe(
      'http://dvr.localhost',
    );
  });
  it("uses the brand's public address elsewhere", () => {
    expect(brandSiteUrl(dvr, { protocol: 'https:', hostname: 'www.cctvsignregister.co.uk', port: '' })).toBe(
      dvr.url,
    );
    expect(
      brandSiteUrl(dvr, { protocol: 'https:', hostname: 'www.cctvsignregister.co.uk', port: '' }, signs),
    ).toBe(dvr.url);
    // Rendering on the server, where there is no address yet.
    expect(brandSiteUrl(dvr, undefined, signs)).toBe(dvr.url);
  });
  it('follows a PUBLIC_URL_PATTERN host such as https://{host}.staging.example.com', () => {
    expect(
      brandSiteUrl(dvr, { protocol: 'https:', hostname: 'signs.staging.example.com', port: '' }, signs),
    ).toBe('https://dvr.staging.example.com');
    expect(brandSiteUrl(signs, { protocol: 'http:', hostname: 'dvr.test.internal', port: '8080' }, dvr)).toBe(
      'http://signs.test.internal:8080',
    );
    // A production host of another brand's domain is not a pattern host.
    expect(brandSiteUrl(signs, { protocol: 'https:', hostname: 'www.aliendvr.co.uk', port: '' }, dvr)).toBe(
      signs.url,
    );
  });
});
