import { createHash } from 'node:crypto';
import { type BrandConfig, matchPage } from '@app/brands';
import { PAGE_DATA_ID } from '@app/brands/page-data';
import { brandThemeVars } from '@app/brands/theme';
import { escapeHtml } from '../lib/escape';

/** The marker the web app's index.html carries inside <head> for the server's tags. */
export const HEAD_MARKER = '<!--brand-head-->';
const URL_SLOT = '\u0000url\u0000';

export interface PageHead {
  status: 200 | 404;
  /** The page's pattern (`/dvrs/:dvrName`), or `/404` for paths the brand does not allow. */
  pattern: string;
}

/** Whether the brand allows the path, and under which pattern. `/404` itself is a 404. */
export function classifyPath(brand: BrandConfig, path: string): PageHead {
  const page = matchPage(brand, path);
  if (!page || page.pattern === '/404') return { status: 404, pattern: '/404' };
  return { status: 200, pattern: page.pattern };
}

function metaTags(brand: BrandConfig, pattern: string, origin: string): { title: string; head: string } {
  const page = brand.pages[pattern];
  const notFound = pattern === '/404';
  const title =
    pattern === '/'
      ? brand.title
      : `${page?.title ?? (notFound ? 'Page not found' : brand.title)} | ${brand.name}`;
  const description = page?.description ?? brand.ogDesc;
  const image = /^https?:\/\//.test(brand.ogImage) ? brand.ogImage : `${origin}${brand.ogImage}`;
  const iconType = brand.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : '';
  const e = escapeHtml;
  const lines = [
    `<meta name="description" content="${e(description)}" />`,
    ...(notFound ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:title" content="${e(brand.ogTitle)}" />`,
    `<meta property="og:description" content="${e(brand.ogDesc)}" />`,
    `<meta property="og:image" content="${e(image)}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="800" />',
    `<meta property="og:url" content="${URL_SLOT}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${e(brand.name)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<link rel="icon" href="${e(brand.favicon)}"${iconType} />`,
    `<link rel="canonical" href="${URL_SLOT}" />`,
    `<meta name="theme-color" content="${e(brand.primaryColor)}" />`,
  ];
  return { title, head: lines.join('\n    ') };
}

/**
 * The web app's index.html for one brand and page pattern, cut where the page's own URL goes
 * (og:url and canonical), so one rendering serves every path of the pattern.
 */
export function renderPageTemplate(
  indexHtml: string,
  brand: BrandConfig,
  pattern: string,
  origin: string,
): string[] {
  const { title, head } = metaTags(brand, pattern, origin);
  const titleTag = `<title>${escapeHtml(title)}</title>`;
  let html = /<title>[\s\S]*?<\/title>/i.test(indexHtml)
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => titleTag)
    : indexHtml.replace(/<\/head>/i, () => `${titleTag}\n  </head>`);
  html = html.includes(HEAD_MARKER)
    ? html.replace(HEAD_MARKER, () => head)
    : html.replace(/<\/head>/i, () => `${head}\n  </head>`);
  // The brand's colours before any script runs, so the start-up overlay in the page wears them
  // from the first paint (the web app sets the same properties when it starts).
  const theme = Object.entries(brandThemeVars(brand))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  html = html.replace(
    /<html\b([^>]*)>/i,
    (_tag, attributes: string) => `<html${attributes} style="${escapeHtml(theme)}">`,
  );
  return html.split(URL_SLOT);
}

/**
 * The one script written into a page the server drew (docs/decisions/0035). It asks for the web
 * app's entry module, and the modules preloaded with it, once the page has been painted: two
 * animation frames, then a task. Until then the page's words and pictures have the connection to
 * themselves, and the page reads and works without the app (its forms are plain GET forms). The
 * entry and preloads come from the element's data-src and data-preload, so this text, and the
 * hash the Content-Security-Policy allows it by, are the same on every page.
 */
export const APP_START_SCRIPT =
  '{const d=document,a=d.currentScript.dataset,add=(t,p)=>d.head.appendChild(Object.assign(d.createElement(t),p));' +
  'requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>{' +
  "for(const href of a.preload.split(' ').filter(Boolean))add('link',{rel:'modulepreload',crossOrigin:'',href});" +
  "add('script',{type:'module',crossOrigin:'',src:a.src})})))}";

/** The Content-Security-Policy source that allows APP_START_SCRIPT and no other inline script. */
export const APP_START_SOURCE = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html for a page the server drew: the app's entry script and module preloads leave the
 * head, and APP_START_SCRIPT at the end of the body asks for them once the page is painted. An
 * index.html without an entry script is returned as it is.
 */
export function startedAfterPaint(indexHtml: string): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (entry === undefined) return indexHtml;
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const start = `<script id="app-start" data-src="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}">${APP_START_SCRIPT}</script>`;
  return indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<\/body>/i, () => `  ${start}\n  </body>`);
}

export function fillPageTemplate(parts: readonly string[], url: string): string {
  return parts.join(escapeHtml(url));
}

export function renderRobots(brand: BrandConfig, origin: string): string {
  const lines = [
    'User-agent: *',
    ...brand.robots.allow.map((p) => `Allow: ${p}`),
    ...brand.robots.disallow.map((p) => `Disallow: ${p}`),
  ];
  if (brand.sitemap) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

export function renderSitemap(brand: BrandConfig, origin: string): string {
  const urls = brand.siteMapPages.map((p) => `  <url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

const APP_HTML = /<!--app-html-->[\s\S]*?<!--\/app-html--><\/div>/;
/**
 * Without JavaScript nothing takes the overlay away: it is not drawn at all then; nor are the
 * controls that only a script answers (class needs-script), and the notes that say so instead
 * (class no-script-note, hidden by the global stylesheet) are shown.
 */
const NO_SCRIPT_STYLE =
  '<noscript><style>.start-overlay, .needs-script { display: none; } .no-script-note { display: block; }</style></noscript>';

export interface RenderedPage {
  /** The page's markup for #root (the web app's server render). */
  html: string;
  /** The page's data as JSON, safe inside <script> (entry-server escapes `<`). */
  data: string;
  /** Stylesheets and module preloads of the page's own parts. */
  headLinks: string;
}

/**
 * A page index.html for a server-rendered page: its markup in #root where the start-up overlay
 * stood, its data in a JSON block the browser reads (not executed, so the CSP stays as it is).
 * Its body says from its first tag that the server drew it (data-drawn), so the overlay's CSS second
 * counts from the first paint, not from when the parser reaches the page's data at the end.
 */
export function fillRenderedPage(parts: readonly string[], url: string, page: RenderedPage): string {
  return fillPageTemplate(parts, url)
    .replace(/<\/head>/i, () => `${page.headLinks}${NO_SCRIPT_STYLE}\n  </head>`)
    .replace(/<body>/i, '<body data-drawn>')
    .replace(
      APP_HTML,
      () =>
        `${page.html}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${page.data}</script>`,
    );
}

/** Class names a stylesheet defines (`.name` in its selectors). */
export function classNamesIn(css: string): Set<string> {
  const names = new Set<string>();
  for (const match of css.replace(/\{[^{}]*\}/g, '{}').matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) {
    if (match[1]) names.add(match[1]);
  }
  return names;
}

/** Class names used in markup (`class="a b"`). */
export function classNamesUsed(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) names.add(name);
  }
  return names;
}
