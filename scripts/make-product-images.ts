/**
 * Draws the front and rear views of every sister-brand product and renders them for the web:
 *   npx tsx scripts/make-product-images.ts [stem ...]
 * The drawings are TypeScript (scripts/product-drawings/); each is also written as SVG to
 * content/<brand>/images/src/<stem>.svg so it can be opened and checked. The system Chromium
 * rasterises the SVG on a canvas at each width of PRODUCT_IMAGE_WIDTHS, to PNG and to WebP:
 * content/<brand>/images/<stem>-<width>.png and .webp. The content JSON lists those files
 * (see content/README-catalogues.md, "Images"); a Vitest check compares the two.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { productPictures } from './product-drawings/pictures';

/** Widths every picture is rendered at, in pixels; the largest is what magnify shows. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1600] as const;
/** WebP quality: the drawings are flat colour and text, which stay clean well below 0.9. */
const WEBP_QUALITY = 0.82;

const contentDir = fileURLToPath(new URL('../content', import.meta.url));

interface Rendered {
  width: number;
  height: number;
  png: string;
  webp: string;
}

const only = new Set(process.argv.slice(2));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>render</title>');
  let total = 0;
  for (const picture of productPictures()) {
    if (only.size > 0 && !only.has(picture.stem)) continue;
    const dir = `${contentDir}/${picture.brand}/images`;
    mkdirSync(`${dir}/src`, { recursive: true });
    writeFileSync(`${dir}/src/${picture.stem}.svg`, picture.svg);
    const rendered = await page.evaluate(
      async ({ svg, widths, quality }): Promise<Rendered[]> => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        return widths.map((width) => {
          const height = Math.round((image.naturalHeight * width) / image.naturalWidth);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2D canvas');
          context.imageSmoothingQuality = 'high';
          context.drawImage(image, 0, 0, width, height);
          return {
            width,
            height,
            png: canvas.toDataURL('image/png'),
            webp: canvas.toDataURL('image/webp', quality),
          };
        });
      },
      { svg: picture.svg, widths: [...PRODUCT_IMAGE_WIDTHS], quality: WEBP_QUALITY },
    );
    for (const { width, height, png, webp } of rendered) {
      for (const [ext, url] of [
        ['png', png],
        ['webp', webp],
      ] as const) {
        const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
        writeFileSync(`${dir}/${picture.stem}-${width}.${ext}`, bytes);
        total += bytes.length;
      }
      if (width === PRODUCT_IMAGE_WIDTHS.at(-1))
        console.log(`${picture.brand}/${picture.stem}: ${width}x${height}`);
    }
  }
  console.log(`${total} bytes written`);
} finally {
  await browser.close();
}
