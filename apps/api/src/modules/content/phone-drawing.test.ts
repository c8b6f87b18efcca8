import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { phoneDrawing } from './phone-drawing';
import { defaultContentDir } from './source';

const font = `font-family="'DejaVu Sans', Arial, sans-serif" font-weight="400"`;
const drawing = (body: string, viewBox = '0 0 1600 1000') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="1600" height="1000">${body}</svg>`;

describe('phoneDrawing', () => {
  it('draws a label under 24 units of a 1600-unit drawing as a bar of its colour, length and place', () => {
    const out = phoneDrawing(
      drawing(`<text x="100" y="50" ${font} font-size="16" text-anchor="start" fill="#123456">Ab 1</text>`),
    );
    // Width: (0.66 + 0.56 + 0.318 + 0.66) em of 16 units; from 0.64 em above the baseline, 0.52 em high.
    expect(out).toBe(
      drawing('<rect x="100" y="39.8" width="35.2" height="8.3" rx="4.2" fill="#123456" opacity="0.55"/>'),
    );
  });

  it('keeps a label of 24 units or more as text, and bars one of 23.9', () => {
    const big = `<text x="10" y="40" ${font} font-size="24" text-anchor="start" fill="#000">Big</text>`;
    expect(phoneDrawing(drawing(big))).toBe(drawing(big));
    const small = phoneDrawing(drawing(big.replace('"24"', '"23.9"')));
    expect(small).not.toContain('<text');
    expect(small).toContain('<rect x="10"');
    // The threshold follows the drawing's width: 16 units of an 800-unit drawing are readable.
    const narrow = drawing(big.replace('"24"', '"16"'), '0 0 800 500');
    expect(phoneDrawing(narrow)).toBe(narrow);
  });

  it('places middle- and end-anchored labels, bold ones wider, and keeps a label turned', () => {
    const label = (anchor: string, weight = '400', extra = '') =>
      `<text x="500" y="100" font-family="Arial" font-weight="${weight}" font-size="10" text-anchor="${anchor}" fill="#f00"${extra}>AAAA</text>`;
    // Four capitals of 0.66 em at 10 units: 26.4 wide.
    expect(phoneDrawing(drawing(label('middle')))).toContain('x="486.8" y="93.6" width="26.4"');
    expect(phoneDrawing(drawing(label('end')))).toContain('x="473.6" y="93.6" width="26.4"');
    expect(phoneDrawing(drawing(label('start', '700')))).toContain('x="500" y="93.6" width="28.2"');
    expect(phoneDrawing(drawing(label('start', '400', ' transform="rotate(-90 500 100)"')))).toContain(
      'opacity="0.55" transform="rotate(-90 500 100)"/>',
    );
  });

  it('counts the text of tspans and an entity as one character, in a monospace face at 0.602 em', () => {
    const out = phoneDrawing(
      drawing(
        `<text x="0" y="20" font-family="'DejaVu Sans Mono', monospace" font-size="10" fill="#333">A<tspan fill="#f00">&amp;</tspan>B</text>`,
      ),
    );
    expect(out).toContain('width="18.1"');
    expect(out).not.toContain('tspan');
  });

  it('leaves a drawing without a viewBox, and an empty label, as they are', () => {
    const noViewBox = `<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="1" font-size="2">a</text></svg>`;
    expect(phoneDrawing(noViewBox)).toBe(noViewBox);
    const empty = drawing(`<text x="1" y="1" font-size="2" fill="#000"> </text>`);
    expect(phoneDrawing(empty)).toBe(empty);
    const selfClosed = drawing(`<text x="1" y="1" font-size="2"/><text x="1" y="9" font-size="2">a</text>`);
    expect(phoneDrawing(selfClosed)).toBe(selfClosed);
  });

  it('leaves the ANPR dashboard with only its headline figures as text', async () => {
    const source = await readFile(
      path.join(defaultContentDir, 'anpr/images/src/platesight-pro-dashboard.svg'),
      'utf8',
    );
    const texts = (svg: string) => svg.match(/<text\b/g)?.length ?? 0;
    expect(texts(source)).toBe(74);
    const out = phoneDrawing(source);
    expect(texts(out)).toBe(6);
    expect(out).toContain('>182 / 240</text>');
    expect(out.length).toBeLessThan(source.length);
  });
});
