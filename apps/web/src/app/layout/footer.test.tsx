import { brandById } from '@app/brands';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';

describe('footer', () => {
  it('gives the signs brand the four-column footer', async () => {
    setScreenWidth(1280);
    const signs = brandById('signs');
    await renderShell({ brand: signs, path: '/' });
    const footer = await screen.findByRole('contentinfo');
    const headings = within(footer)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Quick Links', 'Legal', 'Support', 'Follow Us']);

    const column = (title: string) => {
      const section = within(footer).getByRole('heading', { name: title }).closest('section');
      if (!section) throw new Error(`no ${title} column`);
      return within(section);
    };
    const texts = (title: string) =>
      column(title)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(texts('Quick Links')).toEqual([
      'Home',
      'Find a scheme operator',
      'Downloads',
      'Signs',
      'Partnership',
    ]);
    expect(texts('Legal')).toEqual(['Terms & Conditions', 'About', 'Cookie', 'Forum Cookie', 'Disclaimer']);
    expect(texts('Support')).toEqual(['Contact Us', 'FAQS', 'Help', 'Site Map']);

    const social = column('Follow Us').getAllByRole('link');
    expect(social).toHaveLength(4);
    for (const [index, link] of social.entries()) {
      const expected = signs.footerDetails.socialLinks[index];
      expect(link.getAttribute('href')).toBe(expected?.href);
      expect(link.getAttribute('aria-label')).toContain(expected?.label);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(within(footer).getByText(signs.footerDetails.copyrightText)).toBeTruthy();
  });

  it('gives the other brands the slim fixed footer', async () => {
    setScreenWidth(1280);
    const dvr = brandById('dvr');
    await renderShell({ brand: dvr, path: '/' });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(dvr.footerDetails.copyrightText)).toBeTruthy();
    expect(within(footer).queryByRole('heading')).toBeNull();
    const links = dvr.footerDetails.footerLinks.flatMap((c) => c.links).map((l) => l.label);
    expect(
      within(footer)
        .queryAllByRole('link')
        .map((l) => l.textContent?.replace(' (opens in a new tab)', '')),
    ).toEqual(links);
  });

  it("sends the DVR footer's CCTV Sign Register link to the register's site where the sites run", async () => {
    setScreenWidth(1280);
    await renderShell({ brand: brandById('dvr'), path: '/' });
    const footer = await screen.findByRole('contentinfo');
    const link = within(footer).getByRole('link', { name: /^CCTV Sign Register/ });
    // jsdom runs at http://localhost:3000, a development host: the register's development site.
    expect(link.getAttribute('href')).toBe('http://signs.localhost:3000');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
