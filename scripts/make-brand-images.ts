/**
 * Draws every brand's logo, favicon and 1200x800 social preview image from its configuration:
 *   npx tsx scripts/make-brand-images.ts
 * Writes apps/web/public/brands/<id>/{logo.svg,favicon.svg,og.png}. The PNG is rendered by the
 * system Chromium so the preview uses the same SVG logo the site shows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BrandConfig, type BrandId, brands } from '@app/brands';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

const publicDir = fileURLToPath(new URL('../apps/web/public', import.meta.url));

const FONT = "'Segoe UI', 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";

interface Wordmark {
  /** The name in two runs: the second is drawn in the brand's active colour. */
  lead: string;
  accent: string;
  /** Width the name is fitted to, so the logo looks the same whatever font the viewer has. */
  nameWidth: number;
  /** The small capitals line under the name. */
  strap: string;
}

const wordmarks: Record<BrandId, Wordmark> = {
  signs: { lead: 'Sign ', accent: 'Register', nameWidth: 170, strap: 'CCTV SCHEME CONTACTS' },
  dvr: { lead: 'ALIEN', accent: ' DVR', nameWidth: 132, strap: 'HYBRID RECORDERS' },
  voice: { lead: 'Vox', accent: 'Alert', nameWidth: 116, strap: 'VOICE WARNINGS' },
  nvr: { lead: 'Zip', accent: 'Vision', nameWidth: 124, strap: 'NETWORK RECORDERS' },
  anpr: { lead: 'Plate', accent: 'Sight', nameWidth: 130, strap: 'PLATE RECOGNITION' },
  multiplexer: { lead: 'Cable', accent: 'Mux', nameWidth: 126, strap: 'CABLE MULTIPLEXERS' },
  ipcam: { lead: 'IPCam', accent: ' Scout', nameWidth: 150, strap: 'IP CAMERA SET-UP TOOL' },
};

/**
 * The brand mark in a 64x64 box, drawn for the brand's dark primary colour: `ink` for light
 * strokes, `accent` for the highlight, `ground` where the mark cuts through to the background.
 */
function mark(id: BrandId, ink: string, accent: string, ground: string): string {
  switch (id) {
    case 'signs':
      // A yellow CCTV warning sign with the camera pictogram.
      return `<rect x="6" y="6" width="52" height="52" rx="8" fill="${accent}"/>
<g fill="${ground}">
<rect x="12" y="20" width="6" height="26" rx="1.5"/>
<rect x="17" y="31" width="15" height="5"/>
<g transform="rotate(22 36 27)"><rect x="20" y="20" width="28" height="13" rx="2"/><rect x="47" y="18" width="5" height="17" rx="1"/></g>
</g>`;
    case 'dvr':
      // An alien head: the range's name, with eyes that glow like recording lights.
      return `<path d="M32 5C47 5 57 16 57 28 57 43 43 56 32 59 21 56 7 43 7 28 7 16 17 5 32 5Z" fill="${accent}"/>
<ellipse cx="21.5" cy="32" rx="9.5" ry="5" transform="rotate(32 21.5 32)" fill="${ground}"/>
<ellipse cx="42.5" cy="32" rx="9.5" ry="5" transform="rotate(-32 42.5 32)" fill="${ground}"/>
<circle cx="32" cy="48" r="2.5" fill="${ground}"/>`;
    case 'voice':
      // A loudspeaker sending out sound waves.
      return `<path d="M7 24H18L33 11V53L18 40H7Z" fill="${ink}" stroke="${ink}" stroke-width="2" stroke-linejoin="round"/>
<g fill="none" stroke="${accent}" stroke-width="5" stroke-linecap="round">
<path d="M41 24A11 11 0 0 1 41 40"/>
<path d="M47.5 16A22 22 0 0 1 47.5 48"/>
</g>`;
    case 'nvr':
      // A camera lens with a zip-fast Z inside.
      return `<circle cx="32" cy="32" r="25" fill="none" stroke="${ink}" stroke-width="5"/>
<path d="M21 20.5H43L23 43.5H45" fill="none" stroke="${accent}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'anpr':
      // A yellow rear number plate inside a camera's focus corners.
      return `<g fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round">
<path d="M4 17V8H13"/><path d="M51 8H60V17"/><path d="M60 47V56H51"/><path d="M13 56H4V47"/>
</g>
<rect x="10" y="20" width="44" height="24" rx="3.5" fill="${accent}"/>
<g fill="${ground}">
<rect x="15" y="26" width="4" height="12" rx="1"/><rect x="21" y="26" width="4" height="12" rx="1"/>
<rect x="27" y="26" width="4" height="12" rx="1"/><rect x="36" y="26" width="4" height="12" rx="1"/>
<rect x="42" y="26" width="4" height="12" rx="1"/>
</g>
<path d="M6 32H58" stroke="#e63946" stroke-width="2" opacity="0.9"/>`;
    case 'multiplexer':
      // Four camera feeds joined onto one cable.
      return `<g fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round">
<path d="M6 10C20 10 22 32 32 32"/><path d="M6 24C18 24 22 32 32 32"/>
<path d="M6 40C18 40 22 32 32 32"/><path d="M6 54C20 54 22 32 32 32"/>
</g>
<circle cx="6" cy="10" r="4" fill="${ink}"/><circle cx="6" cy="24" r="4" fill="${ink}"/>
<circle cx="6" cy="40" r="4" fill="${ink}"/><circle cx="6" cy="54" r="4" fill="${ink}"/>
<path d="M32 32H59" stroke="${accent}" stroke-width="7" stroke-linecap="round"/>
<circle cx="33" cy="32" r="8" fill="${accent}"/>`;
    case 'ipcam':
      // A magnifying glass that has found a camera lens.
      return `<path d="M37.5 37.5 56 56" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
<circle cx="26" cy="26" r="18" fill="${ground}" stroke="${ink}" stroke-width="5"/>
<circle cx="26" cy="26" r="9" fill="${accent}"/>
<circle cx="26" cy="26" r="3.5" fill="${ground}"/>
<circle cx="29" cy="22.5" r="1.6" fill="${ink}"/>`;
  }
}

function colours(brand: BrandConfig) {
  return { ink: brand.navFontColor, accent: brand.activeColor, ground: brand.primaryColor };
}

/** Logo for the sidebar and top bar: mark and name, for the brand's (dark) primary colour. */
function logoSvg(brand: BrandConfig): string {
  const { ink, accent, ground } = colours(brand);
  const w = wordmarks[brand.id];
  const width = 76 + w.nameWidth + 4;
  // Capitals run about 0.68em wide: size the strap so fitting it barely stretches or squeezes it.
  const strapSize = Math.min(10.5, (w.nameWidth - 2) / (w.strap.length * 0.68)).toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 64" width="${width}" height="64" role="img" aria-label="${brand.name}">
<title>${brand.name}</title>
${mark(brand.id, ink, accent, ground)}
<text x="76" y="33" font-family="${FONT}" font-size="27" font-weight="700" fill="${ink}" textLength="${w.nameWidth}" lengthAdjust="spacingAndGlyphs">${w.lead}<tspan fill="${accent}">${w.accent}</tspan></text>
<text x="77" y="52" font-family="${FONT}" font-size="${strapSize}" font-weight="600" fill="${ink}" textLength="${w.nameWidth - 2}" lengthAdjust="spacingAndGlyphs">${w.strap}</text>
</svg>
`;
}

/** Favicon: the mark on a rounded square of the primary colour, so it reads on any tab strip. */
function faviconSvg(brand: BrandConfig): string {
  const { ink, accent, ground } = colours(brand);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${brand.name}">
<title>${brand.name}</title>
<rect width="64" height="64" rx="14" fill="${ground}"/>
<g transform="translate(6 6) scale(0.8125)">
${mark(brand.id, ink, accent, ground)}
</g>
</svg>
`;
}

function ogHtml(brand: BrandConfig): string {
  const { ink, accent, ground } = colours(brand);
  const host = new URL(brand.url).hostname;
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 800px; overflow: hidden; }
  body { background: ${ground}; color: ${ink}; font-family: ${FONT}; position: relative; }
  .watermark { position: absolute; right: -150px; top: 50px; width: 700px; height: 700px; opacity: 0.09; }
  .content { position: absolute; left: 96px; top: 170px; width: 900px; }
  .logo { width: 760px; display: block; }
  h1 { margin: 64px 0 0; font-size: 46px; line-height: 1.25; font-weight: 700; max-width: 960px; }
  .band { position: absolute; left: 0; right: 0; bottom: 0; height: 96px; background: ${accent}; color: ${ground};
    display: flex; align-items: center; padding: 0 96px; font-size: 32px; font-weight: 700; }
</style></head><body>
<svg class="watermark" viewBox="0 0 64 64" aria-hidden="true">${mark(brand.id, ink, accent, ground)}</svg>
<div class="content">
<img class="logo" alt="" src="data:image/svg+xml;base64,${Buffer.from(logoSvg(brand)).toString('base64')}">
<h1>${brand.tagline}</h1>
</div>
<div class="band">${host}</div>
</body></html>`;
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
  for (const brand of brands) {
    const dir = `${publicDir}/brands/${brand.id}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/logo.svg`, logoSvg(brand));
    writeFileSync(`${dir}/favicon.svg`, faviconSvg(brand));
    await page.setContent(ogHtml(brand), { waitUntil: 'load' });
    await page.screenshot({ path: `${dir}/og.png`, type: 'png' });
    console.log(`${brand.id}: ${dir}`);
  }
} finally {
  await browser.close();
}
