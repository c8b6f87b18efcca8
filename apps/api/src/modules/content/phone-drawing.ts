/**
 * A drawn picture as a phone's hero shows it: the drawing's SVG with its small print drawn as
 * bars. On a phone a hero shows a 1600-unit drawing about 380 CSS pixels wide, where a 16-unit
 * label is under 4 pixels high: unreadable, yet each label is laid out and painted on the page's
 * main thread, which for a dashboard or a scan table holds a slow phone for tens of milliseconds
 * as the page opens. A bar of the label's colour, length and place reads the same at that size
 * and costs next to nothing. Labels large enough to read stay text. Wider screens, where the hero
 * is larger, show the drawing itself; the gallery's rendered sizes, which magnify shows, keep
 * every label.
 */

/** Text smaller than this share of the drawing's width is drawn as a bar (24 units of 1600). */
export const PHONE_SMALL_PRINT = 24 / 1600;

/** Width of a character in ems, for DejaVu Sans (the drawings' first font) and its monospace face. */
function charEms(char: string, mono: boolean): number {
  if (mono) return 0.602;
  if (char === ' ') return 0.318;
  if (/[A-Z0-9]/.test(char)) return 0.66;
  if (/[a-z]/.test(char)) return 0.56;
  return 0.4;
}

const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/gi;

/** A label's characters: its tspans' text, with each entity one character. */
function labelText(inner: string): string {
  return inner.replace(/<[^>]*>/g, '').replace(ENTITY, '_');
}

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([a-z][a-z-]*)="([^"]*)"/gi)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

const round = (value: number) => String(Math.round(value * 10) / 10);

/** The bar standing for one small label, or undefined when the label cannot be placed. */
function labelBar(attrs: Map<string, string>, text: string, fontSize: number): string | undefined {
  const x = Number(attrs.get('x'));
  const y = Number(attrs.get('y'));
  if (!Number.isFinite(x) || !Number.isFinite(y) || text.trim() === '') return undefined;
  const mono = /mono/i.test(attrs.get('font-family') ?? '');
  const bold = Number(attrs.get('font-weight') ?? 400) >= 600 ? 1.07 : 1;
  const spacing = Number(attrs.get('letter-spacing') ?? 0) || 0;
  const chars = [...text.trim()];
  const width =
    chars.reduce((sum, char) => sum + charEms(char, mono) * fontSize * bold, 0) +
    spacing * (chars.length - 1);
  const anchor = attrs.get('text-anchor') ?? 'start';
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  // From a little above the baseline to about the height of a capital.
  const height = fontSize * 0.52;
  const top = y - fontSize * 0.64;
  const transform = attrs.get('transform');
  return (
    `<rect x="${round(left)}" y="${round(top)}" width="${round(width)}" height="${round(height)}" ` +
    `rx="${round(height / 2)}" fill="${attrs.get('fill') ?? '#000'}" opacity="0.55"` +
    `${transform ? ` transform="${transform}"` : ''}/>`
  );
}

/** `svg` with every label smaller than PHONE_SMALL_PRINT of its width drawn as a bar. */
export function phoneDrawing(svg: string): string {
  const viewBox = /<svg\b[^>]*\bviewBox="[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(svg);
  const drawingWidth = Number(viewBox?.[1]);
  if (!Number.isFinite(drawingWidth) || drawingWidth <= 0) return svg;
  const smallest = drawingWidth * PHONE_SMALL_PRINT;
  return svg.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (label, tag: string, inner: string) => {
    // An empty <text/> matched through to the next label's end: both stay as they are.
    if (tag.endsWith('/')) return label;
    const attrs = attributes(tag);
    const fontSize = Number(attrs.get('font-size'));
    if (!Number.isFinite(fontSize) || fontSize >= smallest) return label;
    return labelBar(attrs, labelText(inner), fontSize) ?? label;
  });
}
