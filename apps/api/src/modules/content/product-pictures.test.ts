import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultContentDir } from './source';

/**
 * The drawn product pictures (scripts/make-product-images.ts) as the content JSON lists them:
 * every product has its two views, at every width, as PNG and WebP, and each file on disk is the
 * size the catalogue says. Reads the files itself, apart from the seed's own checks.
 */

interface Size {
  width: number;
  png: string;
  webp: string;
}
interface Picture {
  file: string;
  alt: string;
  view?: string;
  width?: number;
  height?: number;
  srcset?: Size[];
}

const catalogues = [
  ['dvr', 'dvrs.json'],
  ['nvr', 'products.json'],
  ['voice', 'products.json'],
  ['anpr', 'products.json'],
  ['multiplexer', 'products.json'],
  ['ipcam', 'products.json'],
] as const;

/** Products without a box: their views are the software's screens (and, for ANPR, its camera). */
const software: Record<string, string[]> = {
  'PlateSight-Lite': ['screen', 'camera'],
  'PlateSight-Pro': ['screen', 'camera'],
  'ipcam-scout': ['screen', 'screen'],
};

/** The text alternative says which view it is. */
const altSays: Record<string, RegExp> = {
  front: /^Front view of /,
  rear: /^(Rear view|Connection side) of /,
  screen: /(screen|dashboard|dialog|results)\b/,
  camera: /\bcamera\b/,
};

/** Width and height from a PNG's IHDR chunk or a WebP's VP8/VP8L/VP8X chunk. */
function pixels(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG')
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe('VP8 ');
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

describe.each(catalogues)('%s product pictures', (brand, file) => {
  it('every product has its views at 400, 800 and 1600 pixels, as PNG and WebP, the sizes listed', async () => {
    const dir = path.join(defaultContentDir, brand);
    const products = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as ({
      name?: string;
      dvrName?: string;
      images: Picture[];
    } & Record<string, unknown>)[];
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      const name = product.name ?? product.dvrName ?? '';
      const drawn = product.images.filter((image) => image.srcset);
      expect(
        drawn.map((image) => image.view),
        name,
      ).toEqual(software[name] ?? ['front', 'rear']);
      for (const image of drawn) {
        expect(
          image.srcset?.map((size) => size.width),
          image.file,
        ).toEqual([400, 800, 1600]);
        expect(image.width).toBe(1600);
        expect(image.file).toBe(image.srcset?.at(-1)?.png);
        expect(image.alt).toMatch(altSays[image.view ?? ''] ?? /^$/);
        for (const size of image.srcset ?? []) {
          const height = Math.round(((image.height ?? 0) * size.width) / 1600);
          for (const name of [size.png, size.webp]) {
            const bytes = await readFile(path.join(dir, 'images', name));
            expect(pixels(bytes), name).toEqual({ width: size.width, height });
          }
          expect(size.png).toMatch(new RegExp(`-${size.width}\\.png$`));
          expect(size.webp).toMatch(new RegExp(`-${size.width}\\.webp$`));
        }
      }
    }
  });
});
