import { describe, expect, it } from 'vitest';
import type { HomeContent } from './home-content';

interface CatalogueProduct {
  name?: string;
  dvrName?: string;
  specs: [string, string][];
  images: { file: string }[];
  downloads: { file: string }[];
}

// The content files as the build bundles them.
const files = import.meta.glob<unknown>('../../../../../../content/*/{home,products,dvrs}.json', {
  eager: true,
  import: 'default',
});
const read = <T>(file: string): T => {
  const data = files[`../../../../../../content/${file}`];
  if (!data) throw new Error(`content/${file} is missing`);
  return data as T;
};

const catalogues = {
  dvr: 'dvr/dvrs.json',
  nvr: 'nvr/products.json',
  voice: 'voice/products.json',
  anpr: 'anpr/products.json',
  multiplexer: 'multiplexer/products.json',
  ipcam: 'ipcam/products.json',
} as const;

/** "16 × RJ45 ..." -> 16; "2 extra (up to 6 MP each)" -> 2 */
const leadingNumber = (text: string | undefined) => Number(/^\d+/.exec(text ?? '')?.[0] ?? Number.NaN);

describe.each(Object.entries(catalogues))('content/%s/home.json', (brand, catalogue) => {
  const home = read<HomeContent>(`${brand}/home.json`);
  const products = read<CatalogueProduct[]>(catalogue);
  const names = products.map((p) => p.name ?? p.dvrName);
  const spec = (name: string, label: string) =>
    products.find((p) => (p.name ?? p.dvrName) === name)?.specs.find(([l]) => l === label)?.[1];

  it('names products of the catalogue, with a picture they have', () => {
    const { product, view = 0, intro } = home.hero.picture;
    if (intro) expect(brand).toBe('dvr');
    else {
      expect(names).toContain(product);
      expect(products.find((p) => p.name === product)?.images[view]).toBeDefined();
    }
    for (const name of Object.keys(home.products.facts ?? {})) expect(names).toContain(name);
  });

  it('has two or three tasks, each a route, a section or a file a product lists', () => {
    expect(home.tasks.items.length).toBeGreaterThanOrEqual(2);
    expect(home.tasks.items.length).toBeLessThanOrEqual(3);
    const files = products.flatMap((p) => p.downloads.map((d) => d.file));
    for (const task of home.tasks.items) {
      if ('download' in task) expect(files).toContain(task.download);
      else expect(task.to).toMatch(/^[/#]/);
    }
  });

  it('compares every model, agreeing with its specification', () => {
    if (!home.compare) {
      expect(['dvr', 'nvr']).not.toContain(brand);
      return;
    }
    expect(Object.keys(home.compare.rows).sort()).toEqual([...names].sort());
    for (const name of names as string[]) {
      const row = home.compare.rows[name] ?? {};
      for (const { key } of home.compare.columns) expect(row[key], `${name} ${key}`).toBeTruthy();
      if (brand === 'nvr') {
        const poe = spec(name, 'PoE ports');
        if (poe) {
          expect(leadingNumber(row.poe)).toBe(leadingNumber(poe));
          expect(row.poe).toContain(/(\d+) W total/.exec(poe)?.[1] ?? 'a total');
        } else expect(row.poe).toMatch(/^None/);
      }
      if (brand === 'dvr')
        expect(leadingNumber(row.ipChannels)).toBe(leadingNumber(spec(name, 'IP camera channels')));
    }
  });
});
