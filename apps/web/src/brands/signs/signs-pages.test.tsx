import { brandById, matchPage } from '@app/brands';
import type { SignDownloadsReply } from '@app/contract/sign-downloads';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../test/render-shell';
import { setScreenWidth } from '../../test/screen-width';
import { loadSignsPage, signsPageSlugs } from './content-sources';

const signs = brandById('signs');

/** The content pages of the signs brand and their files (SPEC.md section 2). */
const contentPages: [path: string, slug: string][] = [
  ['/', 'home'],
  ['/comply', 'comply'],
  ['/signs', 'signs'],
  ['/download', 'download'],
  ['/links', 'links'],
  ['/faqs', 'faqs'],
  ['/help', 'help'],
  ['/terms', 'terms'],
  ['/cookie', 'cookie'],
  ['/disclaimer', 'disclaimer'],
  ['/signage-solution', 'signage-solution'],
  ['/partnership-programme', 'partnership-programme'],
  ['/forum-cookie', 'forum-cookie'],
  ['/about-us', 'about-us'],
  ['/site-map', 'site-map'],
];

const downloads: SignDownloadsReply = {
  items: [
    {
      file: 'cctv-sign-a4-portrait.pdf',
      title: 'CCTV warning sign, A4 portrait',
      description: 'For doors and gates.',
      kind: 'artwork',
      paper: 'A4 portrait',
      pages: 1,
      bytes: 2821,
      sha256: `${'a'.repeat(63)}b`,
      version: '1.2',
      released: '2026-09-01',
      url: '/api/downloads/signs/aaaaaaaaaaaaaaaa/cctv-sign-a4-portrait.pdf',
    },
    {
      file: 'how-to-register-your-sign.pdf',
      title: 'How to register your CCTV sign',
      description: 'Step by step.',
      kind: 'guide',
      paper: 'A4 portrait',
      pages: 2,
      bytes: 1_572_864,
      sha256: 'c'.repeat(64),
      version: '1.0',
      released: '2026-10-05',
      url: '/api/downloads/signs/cccccccccccccccc/how-to-register-your-sign.pdf',
    },
  ],
};

describe('signs content pages', () => {
  it('has a file for every content page and no other', () => {
    expect([...signsPageSlugs].sort()).toEqual(contentPages.map(([, slug]) => slug).sort());
  });

  it.each(contentPages)('%s shows its title, description and text', async (path, slug) => {
    setScreenWidth(1280);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(downloads)),
    );
    const { meta, tokens } = await loadSignsPage(slug);
    expect(meta.title, `${slug}.md title`).toBe(matchPage(signs, path)?.title);

    await renderShell({ path });
    const main = screen.getByRole('main');
    const h1 = await within(main).findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe(meta.title);
    expect(main.textContent).toContain(meta.description);
    const firstHeading = tokens.find((t) => t.type === 'heading');
    if (firstHeading && 'text' in firstHeading) {
      expect(within(main).getByRole('heading', { level: 2, name: firstHeading.text })).toBeTruthy();
    }
  });

  it('the site map lists exactly the brand’s siteMapPages, by title', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/site-map' });
    const list = await screen.findByRole('list', { name: 'Pages of this site' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(signs.siteMapPages);
    expect(links.map((a) => a.textContent)).toEqual(
      signs.siteMapPages.map((p) => matchPage(signs, p)?.title),
    );
  });

  /** The term and definition pairs of a file's facts, as a screen reader reads them. */
  const facts = (element: HTMLElement) =>
    within(element)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

  it('the download page shows the opening title, the files with their size, version, date and SHA-256, and other resources', async () => {
    setScreenWidth(1280);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => Response.json(downloads));
    vi.stubGlobal('fetch', fetchMock);
    await renderShell({ path: '/download' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: signs.downloadPage.openingTitle })).toBeTruthy();
    expect(main.textContent).toContain(signs.downloadPage.openingDescription);

    const artwork = await within(main).findByRole('region', { name: 'Sign artwork' });
    const card = within(artwork).getByRole('listitem');
    expect(card.textContent).toContain('A4 portrait, 1 page');
    expect(facts(card)).toEqual([
      ['Size', 'PDF, 3 KB'],
      ['Version', '1.2'],
      ['Date', '1 September 2026'],
      ['SHA-256', `${'a'.repeat(63)}b`],
    ]);
    const link = within(card).getByRole('link', { name: 'Download PDF: CCTV warning sign, A4 portrait' });
    expect(link.getAttribute('href')).toBe('/api/downloads/signs/aaaaaaaaaaaaaaaa/cctv-sign-a4-portrait.pdf');
    expect(link.getAttribute('download')).toBe('cctv-sign-a4-portrait.pdf');
    const guides = within(main).getByRole('region', { name: 'Guides' });
    expect(guides.textContent).toContain('A4 portrait, 2 pages');
    expect(facts(guides)).toEqual([
      ['Size', 'PDF, 1.5 MB'],
      ['Version', '1.0'],
      ['Date', '5 October 2026'],
      ['SHA-256', 'c'.repeat(64)],
    ]);

    const other = within(main).getByRole('region', { name: 'Other resources' });
    const [resource] = signs.downloadPage.otherResources;
    expect(
      within(other)
        .getByRole('link', { name: new RegExp(`^${resource?.label}`) })
        .getAttribute('href'),
    ).toBe(resource?.to);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/downloads/signs');
  });

  it('the partnership programme ends with the application form', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/partnership-programme' });
    const form = await screen.findByRole('form', { name: 'Partnership application' });
    for (const label of [
      'Company Name',
      'Contact Name',
      'Email',
      'Confirm Email',
      'Type of partner',
      'About your business',
    ]) {
      expect(within(form).getByLabelText(new RegExp(`^${label} \\* \\(required\\)$`))).toBeTruthy();
    }
    expect(
      within(form)
        .getByLabelText(/^Attachment/)
        .getAttribute('accept'),
    ).toBe('.pdf,.jpg,.jpeg,application/pdf,image/jpeg');
  });

  it('the home page look-up box goes to /search-scheme with the reference', async () => {
    setScreenWidth(1280);
    const { router } = await renderShell({ path: '/' });
    const search = await screen.findByRole('search', { name: 'Look up a sign' });
    const user = userEvent.setup();
    await user.type(within(search).getByLabelText('Sign reference'), 'k7qm-3xwd-p9te');
    await user.click(within(search).getByRole('button', { name: 'Look up' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/search-scheme'));
    expect(router.state.location.search).toBe('?ref=k7qm-3xwd-p9te');
  });

  it('the contact page shows the signs form with both e-mail fields required', async () => {
    setScreenWidth(1280);
    await renderShell({ path: '/contact-us' });
    const form = await screen.findByRole('form', { name: signs.contactUsDetails.title });
    expect(within(form).getByLabelText(/^Email \* \(required\)$/)).toBeTruthy();
    expect(within(form).getByLabelText(/^Confirm Email \* \(required\)$/)).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain(signs.contactUsDetails.contactText);
  });
});
