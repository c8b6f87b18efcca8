import { brandById } from '@app/brands';
import type {
  ContentPage,
  DownloadItem,
  ImageRef,
  ProductDetail,
  ProductSummary,
} from '@app/contract/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../../test/render-shell';
import { setScreenWidth } from '../../../test/screen-width';

const picture = (file: string, alt: string): ImageRef => ({
  url: `/api/media/00000000000000aa/${file}`,
  alt,
  width: 800,
  height: 300,
});

const nvrs: ProductSummary[] = [
  {
    name: 'ZV-N4P-4K',
    title: 'ZipVision ZV-N4P-4K 4-channel PoE NVR',
    summary: 'Plug-and-play 4K network recorder with four PoE camera ports.',
    order: 1,
    image: picture('zv-n4p-4k-front.svg', 'Front of the ZV-N4P-4K'),
    channels: 4,
    resolution: 'Up to 8 MP (4K) per camera',
    storage: '1 × SATA bay, drives up to 16 TB',
  },
  {
    name: 'ZV-N16P-4K',
    title: 'ZipVision ZV-N16P-4K 16-channel PoE NVR',
    summary: 'Sixteen PoE ports for a larger site.',
    order: 2,
    image: picture('zv-n16p-4k-front.svg', 'Front of the ZV-N16P-4K'),
    channels: 16,
    resolution: 'Up to 8 MP (4K) per camera',
    storage: '2 × SATA bays, drives up to 16 TB each',
  },
];

const homePage = (products: ProductDetail[] = []): ContentPage => ({
  slug: 'home',
  title: 'ZipVision network video recorders',
  description: 'The page description, which the home sentence replaces.',
  body: [],
  resources: [],
  products,
  downloads: [],
});

function stubApi(replies: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path in replies) return Response.json(replies[path]);
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('a sister brand home page (NVR)', () => {
  async function renderNvrHome() {
    setScreenWidth(1280);
    stubApi({ '/api/pages/home': homePage(), '/api/products': nvrs });
    const view = await renderShell({ brand: brandById('nvr'), path: '/' });
    await screen.findByRole('heading', { level: 2, name: 'The recorders' });
    return view;
  }

  it('opens with the heading, one sentence of what the company sells and the range picture', async () => {
    await renderNvrHome();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { level: 1 }).textContent).toBe(brandById('nvr').pages['/']?.title);
    expect(
      main.getByText(
        'ZipVision network video recorders power and record up to 32 IP cameras in 4K, one network cable to each camera, and put them all on your phone.',
      ),
    ).toBeTruthy();
    expect(main.queryByText('The page description, which the home sentence replaces.')).toBeNull();
    const hero = main.getByRole('img', { name: 'Front of the ZV-N16P-4K' });
    expect(hero.getAttribute('src')).toMatch(/\/api\/media\/00000000000000aa\/zv-n16p-4k-front\.svg$/);
  });

  it('shows a card per recorder with its picture, name linking to its page and the facts buyers compare', async () => {
    const { router } = await renderNvrHome();
    const cards = within(screen.getByRole('list', { name: 'ZipVision recorders' }));
    const items = cards.getAllByRole('listitem').filter((item) => item.querySelector('h3'));
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe(nvrs[0]?.title);
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toMatch(/zv-n4p-4k-front\.svg$/);
    expect(first.getByText('4 channels')).toBeTruthy();
    expect(first.getByText('1 × SATA bay, drives up to 16 TB')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(first.getByRole('link', { name: nvrs[0]?.title }));
    expect(router.state.location.pathname).toBe('/products/ZV-N4P-4K');
  });

  it('offers the tasks visitors come for as links that go there', async () => {
    const { router } = await renderNvrHome();
    const tasks = within(screen.getByRole('region', { name: 'What do you need?' }));
    expect(tasks.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Get the ZipVision phone app',
      'Download software and firmware',
      'Contact support',
    ]);
    const user = userEvent.setup();
    await user.click(tasks.getByRole('link', { name: 'Download software and firmware' }));
    expect(router.state.location.pathname).toBe('/free-software');
  });

  it('compares the recorders in a captioned table with column and row headers, in a focusable region', async () => {
    await renderNvrHome();
    const table = screen.getByRole('table', {
      name: 'ZipVision recorders compared: channels, resolution, PoE and drive bays',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => [th.textContent, th.getAttribute('scope')]);
    expect(headers).toEqual([
      ['Model', 'col'],
      ['Channels', 'col'],
      ['Resolution', 'col'],
      ['PoE camera ports', 'col'],
      ['Drive bays', 'col'],
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['4', 'Up to 8 MP (4K) per camera', '4 ports, 50 W in total', '1 × SATA bay, drives up to 16 TB'],
      [
        '16',
        'Up to 8 MP (4K) per camera',
        '16 ports, 200 W in total',
        '2 × SATA bays, drives up to 16 TB each',
      ],
    ]);
    const model = within(rows[1] as HTMLElement).getByRole('rowheader');
    expect(model.getAttribute('scope')).toBe('row');
    expect(within(model).getByRole('link', { name: 'ZV-N16P-4K' }).getAttribute('href')).toBe(
      '/products/ZV-N16P-4K',
    );

    // A phone scrolls the table sideways: the region is named by the caption and a keyboard reaches it.
    const region = screen.getByRole('region', {
      name: 'ZipVision recorders compared: channels, resolution, PoE and drive bays',
    });
    expect(region.contains(table)).toBe(true);
    expect(region.tabIndex).toBe(0);
  });

  it('shows its caption above the scrolling region, where a phone does not cut it off, and says the table scrolls', async () => {
    await renderNvrHome();
    const caption = 'ZipVision recorders compared: channels, resolution, PoE and drive bays';
    const region = screen.getByRole('region', { name: caption });
    const shown = screen.getByText(caption, { selector: 'p' });
    expect(region.contains(shown)).toBe(false);
    // Before the region, in the section's width.
    expect(shown.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const hint = screen.getByText('Scroll the table sideways (swipe on a phone) to see every column.');
    expect(hint.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('a home page whose file lists downloads it does not draw itself (NVR)', () => {
  it('fetches what draws them and shows each file with its facts', async () => {
    setScreenWidth(375);
    const manual: DownloadItem = {
      label: 'ZipVision user manual',
      kind: 'manual',
      url: '/api/media/00000000000000cc/zipvision-manual.pdf',
      fileName: 'zipvision-manual.pdf',
      size: 2 * 1024 * 1024,
      sha256: 'cd'.repeat(32),
      contentType: 'application/pdf',
      version: '2.1',
      released: '2026-05-04',
    };
    stubApi({ '/api/pages/home': { ...homePage(), downloads: [manual] }, '/api/products': nvrs });
    await renderShell({ brand: brandById('nvr'), path: '/' });

    const link = await screen.findByRole('link', { name: /ZipVision user manual/ });
    expect(link.getAttribute('href')).toBe('/api/media/00000000000000cc/zipvision-manual.pdf');
    expect(screen.getByRole('main').textContent).toContain('cd'.repeat(32));
    // The rest of the page is there too.
    expect(screen.getByRole('heading', { level: 2, name: 'The recorders' })).toBeTruthy();
  });
});

describe('a home page whose products are listed in full below (ANPR)', () => {
  const download = (fileName: string, label: string, size: number): DownloadItem => ({
    label,
    kind: 'guide',
    url: `/api/media/00000000000000bb/${fileName}`,
    fileName,
    size,
    sha256: 'ab'.repeat(32),
    contentType: 'application/pdf',
    version: '1.0',
    released: '2026-03-02',
  });
  const product = (name: string, title: string, downloads: DownloadItem[]): ProductDetail => ({
    name,
    title,
    summary: `${title} in one sentence.`,
    order: 1,
    image: picture(`${name}-screen.svg`, `${title} on screen`),
    images: [picture(`${name}-screen.svg`, `${title} on screen`), picture(`${name}-camera.svg`, 'Camera')],
    description: [],
    features: [],
    specs: [['Lanes', '1 or 2']],
    downloads,
  });

  it('shows a drawn hero picture from its SVG, a phone its small-print-as-bars SVG, first and eager, rather than its rendered sizes', async () => {
    setScreenWidth(375);
    const pro = product('PlateSight-Pro', 'PlateSight Pro', []);
    const drawn: ImageRef = {
      ...picture('platesight-pro-dashboard-1600.png', 'PlateSight Pro on screen'),
      variants: [
        {
          url: '/api/media/01/platesight-pro-dashboard-800.webp',
          width: 800,
          height: 500,
          type: 'image/webp',
        },
        { url: '/api/media/02/platesight-pro-dashboard-800.png', width: 800, height: 500, type: 'image/png' },
      ],
      drawing: '/api/media/03/platesight-pro-dashboard.svg',
      phoneDrawing: '/api/media/04/platesight-pro-dashboard-phone.svg',
    };
    stubApi({ '/api/pages/home': homePage([{ ...pro, image: drawn, images: [drawn] }]) });
    await renderShell({ brand: brandById('anpr'), path: '/' });
    await screen.findByRole('heading', { level: 2, name: 'The products' });

    const article = screen.getByRole('main').querySelector('article');
    const hero = article?.querySelector('img');
    expect(hero?.getAttribute('alt')).toBe('PlateSight Pro on screen');
    expect(hero?.getAttribute('src')).toBe('/api/media/03/platesight-pro-dashboard.svg');
    expect(hero?.getAttribute('fetchpriority')).toBe('high');
    expect(hero?.getAttribute('loading')).toBe('eager');
    expect(hero?.hasAttribute('srcset')).toBe(false);
    // A phone's screen takes the drawing with its small print as bars; only the two SVGs are offered.
    const sources = [...(hero?.closest('picture')?.querySelectorAll('source') ?? [])];
    expect(sources.map((s) => [s.getAttribute('media'), s.getAttribute('srcset')])).toEqual([
      ['(max-width: 767px)', '/api/media/04/platesight-pro-dashboard-phone.svg'],
    ]);
    // Each screen's drawing is asked for from the head, and only on its screens.
    const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads.map((l) => [l.getAttribute('href'), l.getAttribute('media')])).toEqual(
      expect.arrayContaining([
        ['/api/media/04/platesight-pro-dashboard-phone.svg', '(max-width: 767px)'],
        ['/api/media/03/platesight-pro-dashboard.svg', '(min-width: 768px)'],
      ]),
    );
    // Its box is reserved: the page does not move when it arrives.
    expect([hero?.getAttribute('width'), hero?.getAttribute('height')]).toEqual(['800', '300']);
    // The product's own gallery further down still offers the rendered sizes, for magnify.
    const gallery = document.getElementById('product-PlateSight-Pro');
    expect(gallery?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain(
      'platesight-pro-dashboard-800.webp 800w',
    );
  });

  it('links each card down to its product, and the download tasks to the files the products list', async () => {
    setScreenWidth(1280);
    const guide = download('platesight-camera-guide.pdf', 'Camera set-up guide', 240 * 1024);
    stubApi({
      '/api/pages/home': homePage([
        product('PlateSight-Lite', 'PlateSight Lite', [guide]),
        product('PlateSight-Pro', 'PlateSight Pro', [
          guide,
          download('platesight-quick-start.pdf', 'Quick-start guide', 80 * 1024),
        ]),
      ]),
    });
    await renderShell({ brand: brandById('anpr'), path: '/' });
    await screen.findByRole('heading', { level: 2, name: 'The products' });

    // The hero's picture, first on the page (the product's own gallery shows it again further down).
    const [hero] = screen.getAllByRole('img', { name: 'PlateSight Pro on screen' });
    expect(hero?.closest('article')?.querySelector('img')).toBe(hero);
    const cards = within(screen.getByRole('list', { name: 'PlateSight products' }));
    const lite = cards.getByRole('link', { name: 'PlateSight Lite' });
    expect(lite.getAttribute('href')).toBe('#product-PlateSight-Lite');
    expect(document.getElementById('product-PlateSight-Lite')?.textContent).toContain('PlateSight Lite');
    expect(cards.getByText('Permit list and barrier control')).toBeTruthy();

    const tasks = within(screen.getByRole('region', { name: 'Get started' }));
    const camera = tasks.getByRole('link', { name: /^Download the camera set-up guide/ });
    expect(camera.textContent).toBe('Download the camera set-up guide (PDF, 240 KB)');
    expect(camera.getAttribute('href')).toMatch(
      /\/api\/media\/00000000000000bb\/platesight-camera-guide\.pdf$/,
    );
    expect(camera.getAttribute('download')).toBe('platesight-camera-guide.pdf');
    expect(tasks.getByRole('link', { name: 'Try PlateSight free for 30 days' }).getAttribute('href')).toBe(
      '/contact-us',
    );
  });
});
