import type { BrandTheme } from './start';

export const DEFAULT_BODY_COLOR = '#f2f2f2';

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Black or white, whichever reads better on the given background colour. */
export function readableTextOn(background: string, fallback = '#000000'): string {
  const rgb = channels(background);
  if (!rgb) return fallback;
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * The brand's colours and spacing as CSS custom properties, so styles theme themselves without a
 * runtime. The server writes them on the page's <html> element and the web app sets the same ones,
 * so the start-up overlay wears the brand's colours from the first paint.
 */
export function brandThemeVars(brand: BrandTheme): Record<string, string> {
  const body = brand.bodyColor || DEFAULT_BODY_COLOR;
  return {
    '--color-primary': brand.primaryColor,
    '--color-nav-font': brand.navFontColor,
    '--color-active': brand.activeColor,
    // The highlight of the active link carries its own text colour so it stays legible on any brand.
    '--color-active-text': readableTextOn(brand.activeColor, brand.primaryColor),
    '--color-body': body,
    '--color-body-text': readableTextOn(body) === '#ffffff' ? '#ffffff' : '#1d1d1f',
    '--footer-margin': `${brand.footerMargin}px`,
  };
}
