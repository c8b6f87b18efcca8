import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError, defaultContentDir, loadBrandContent, parseFrontMatter, sisterBrands } from './source';

describe('the content of every sister site', () => {
  it.each(sisterBrands)('content/%s passes every check of README-catalogues.md', async (brand) => {
    const content = await loadBrandContent(brand);
    expect(content.pages.map((page) => page.slug)).toContain('home');
  });

  it('has a believable catalogue: the minimums of each brand', async () => {
    const [dvr, voice, nvr, anpr, multiplexer, ipcam] = await Promise.all(
      sisterBrands.map((brand) => loadBrandContent(brand)),
    );
    expect(dvr?.products.length).toBeGreaterThanOrEqual(4);
    expect(dvr?.intro).not.toBeNull();
    expect(dvr?.support?.faq.length).toBeGreaterThan(0);
    expect(nvr?.products.length).toBeGreaterThanOrEqual(3);
    for (const content of [anpr, multiplexer, ipcam])
      expect(content?.products.length).toBeGreaterThanOrEqual(1);
    const platforms = ipcam?.products.flatMap((p) => p.downloads.map((d) => d.platform)) ?? [];
    expect(platforms).toEqual(expect.arrayContaining(['windows', 'macos']));
    expect(voice?.voice?.categories.length).toBeGreaterThanOrEqual(3);
    expect(voice?.voice?.messages.length).toBeGreaterThanOrEqual(12);
  });

  it('has the pages each brand routes to', async () => {
    const slugs = async (brand: (typeof sisterBrands)[number]) =>
      (await loadBrandContent(brand)).pages.map((page) => page.slug).sort();
    expect(await slugs('dvr')).toEqual([
      'accessories',
      'alien-hybrid',
      'connect',
      'home',
      'manuals',
      'port',
      'software',
    ]);
    expect(await slugs('nvr')).toEqual([
      'accessorie',
      'connect',
      'firmware',
      'free-software',
      'home',
      'phone-apps',
      'port',
      'zipvision',
    ]);
    expect(await slugs('voice')).toEqual(['about', 'home', 'how-to', 'messages']);
    expect(await slugs('ipcam')).toEqual(['download', 'features', 'home', 'product']);
  });
});

describe('front matter', () => {
  it('reads quoted strings and lists', () => {
    const { meta, body } = parseFrontMatter(
      '---\ntitle: "Port: forwarding \\"now\\""\nresources: [manuals, datasheets]\n---\n\n## Body\n',
    );
    expect(meta).toEqual({ title: 'Port: forwarding "now"', resources: ['manuals', 'datasheets'] });
    expect(body).toBe('\n## Body\n');
  });

  it('refuses a file without front matter, or with a malformed line', () => {
    expect(() => parseFrontMatter('# Title')).toThrow(/no front matter/);
    expect(() => parseFrontMatter('---\njust text\n---\n')).toThrow(/not "key: value"/);
    expect(() => parseFrontMatter('---\ntitle: "unterminated\n---\n')).toThrow(/badly quoted/);
  });
});

describe('broken content is refused with every problem listed', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('names a missing picture, a file without its version or date, an unknown product and an unused file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-check-'));
    dirs.push(dir);
    await cp(path.join(defaultContentDir, 'anpr'), path.join(dir, 'anpr'), { recursive: true });
    const products = JSON.parse(await readFile(path.join(dir, 'anpr/products.json'), 'utf8')) as {
      images: { file: string }[];
      downloads: { kind: string; version?: string; source: string }[];
    }[];
    const [first] = products;
    // The last picture is a diagram (SVG); the drawn views before it have a srcset.
    const diagram = first?.images.at(-1);
    if (!diagram) throw new Error('anpr has no products');
    diagram.file = 'missing-picture.svg';
    const notes = products.flatMap((p) => p.downloads).find((d) => d.kind === 'release-notes');
    const manual = products.flatMap((p) => p.downloads).find((d) => d.kind !== 'release-notes');
    if (!notes || !manual) throw new Error('anpr has no release notes or no manual');
    notes.version = undefined;
    const manualFile = path.join(dir, 'anpr', manual.source);
    await writeFile(manualFile, (await readFile(manualFile, 'utf8')).replace(/^released: .*\n/m, ''));
    await writeFile(path.join(dir, 'anpr/products.json'), JSON.stringify(products));
    await writeFile(
      path.join(dir, 'anpr/pages/home.md'),
      '---\ntitle: "Home"\ndescription: "Home page"\nproducts: [No-Such-Product]\n---\n\nText\n',
    );
    await writeFile(path.join(dir, 'anpr/images/stray.svg'), '<svg/>');

    const error = await loadBrandContent('anpr', dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.join('\n');
    expect(problems).toMatch(/images\/missing-picture\.svg does not exist/);
    expect(problems).toMatch(/a release-notes entry needs a version and a released date/);
    expect(problems).toContain(`${manual.source}: needs a version and a released date (YYYY-MM-DD)`);
    expect(problems).toMatch(/pages\/home\.md: no product No-Such-Product/);
    expect(problems).toMatch(/images\/stray\.svg is not used by any catalogue/);
  });

  it('names a missing size or drawing of a drawn picture, and a size whose pixels are not the ones listed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'content-check-'));
    dirs.push(dir);
    await cp(path.join(defaultContentDir, 'anpr'), path.join(dir, 'anpr'), { recursive: true });
    const products = JSON.parse(await readFile(path.join(dir, 'anpr/products.json'), 'utf8')) as {
      images: { file: string; srcset?: { width: number; png: string; webp: string }[] }[];
    }[];
    const drawn = products[0]?.images[0];
    const [small, medium] = drawn?.srcset ?? [];
    if (!small || !medium) throw new Error('the first anpr picture has no srcset');
    await rm(path.join(dir, 'anpr/images', small.webp));
    // The SVG it is drawn from, which a home page's hero shows.
    const stem = drawn?.file.replace(/-1600\.png$/, '');
    await rm(path.join(dir, 'anpr/images/src', `${stem}.svg`));
    // The 800-pixel PNG replaced by the 400-pixel one: the file is there, its size is wrong.
    await cp(path.join(dir, 'anpr/images', small.png), path.join(dir, 'anpr/images', medium.png));

    const error = await loadBrandContent('anpr', dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.join('\n');
    expect(problems).toContain(`images/${small.webp} does not exist`);
    expect(problems).toContain(`images/src/${stem}.svg does not exist`);
    expect(problems).toMatch(
      new RegExp(`images/${medium.png} is 400x\\d+ pixels, the catalogue says 800x\\d+`),
    );
  });
});
