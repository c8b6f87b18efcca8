import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrandConfig } from '@app/brands';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { brandKey, tagReply } from '../lib/cdn-keys';
import { matchesEtag, publicCache } from '../lib/public-cache';
import { publicOrigin } from '../lib/public-url';
import { publicReadLimit } from '../limits';
import { takePublicRead } from './rate-limit';
import {
  classifyPath,
  classNamesIn,
  classNamesUsed,
  fillPageTemplate,
  fillRenderedPage,
  renderPageTemplate,
  renderRobots,
  renderSitemap,
  startedAfterPaint,
} from './web-html';
import { type DataFailure, loadRenderer, type RenderPage } from './web-render';
import {
  acceptedEncoding,
  encodedOnce,
  encodedPage,
  type KeptPage,
  keepable,
  pageQuery,
  RenderedPages,
} from './web-render-cache';

export const NOT_BUILT_MESSAGE =
  'The web app has not been built yet: run `npm run build` (or `npm start`, which builds it when needed), then reload this page.';

/** Files a deploy may change under the same name (logos, favicons, images). */
const SHORT_CACHE = 'public, max-age=3600';
/**
 * A server-rendered public page that shows nobody's details (a home, a product): browsers ask
 * again each time (an ETag makes that a 304), a CDN may serve it for a minute and, while it asks
 * again, for ten more (docs/decisions/0022).
 */
const PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/**
 * A drawn page showing a sign's operator and contact (its reads carried surrogate keys): as short
 * as the look-up's own answer, so a withdrawn number or address leaves a CDN that is not purged
 * within a minute (docs/decisions/0054).
 */
const SIGN_PAGE_CACHE = publicCache.sign;
/**
 * The page of something that does not exist (a sign nobody has): a CDN may keep the 404 for half
 * a minute, never stale, so a sign registered a moment later is found soon.
 */
export const NOT_FOUND_PAGE_CACHE = 'public, max-age=0, s-maxage=30';
/** Seconds a visitor is asked to wait when a page's data failed and the API named no wait. */
const FAILED_PAGE_RETRY_AFTER_S = '5';

interface WebBuild {
  indexHtml: string;
  /** Paths relative to the dist folder, `/`-separated, without index.html. */
  files: Set<string>;
  /** Each class name of the build's stylesheets, and the stylesheets (`/assets/...css`) defining it. */
  stylesheetsOf: Map<string, string[]>;
  /** Every stylesheet of the build (`/assets/...css`) and its text. */
  stylesheets: Map<string, string>;
  /** The stylesheets index.html links (the app's own), in its order. */
  indexStylesheets: string[];
  /** headLinks' answers, by the page's own stylesheets. */
  heads: Map<string, string>;
  render?: RenderPage;
}

/** The Brotli and gzip copies the web build writes beside its text files (apps/web/precompress.ts). */
const COMPRESSED_COPY = /\.(br|gz)$/;

/** index.html's stylesheet links, as Vite writes them. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">\s*/g;

/**
 * The build's stylesheets, and those of lazily loaded parts (not linked by index.html) by the
 * class names they define.
 */
async function readStylesheets(dir: string, files: Set<string>, indexStylesheets: readonly string[]) {
  const stylesheets = new Map<string, string>();
  const stylesheetsOf = new Map<string, string[]>();
  for (const file of files) {
    if (!file.startsWith('assets/') || !file.endsWith('.css')) continue;
    const css = await readFile(path.join(dir, file), 'utf8');
    stylesheets.set(`/${file}`, css);
    if (indexStylesheets.includes(`/${file}`)) continue;
    for (const name of classNamesIn(css)) {
      stylesheetsOf.set(name, [...(stylesheetsOf.get(name) ?? []), `/${file}`]);
    }
  }
  return { stylesheets, stylesheetsOf };
}

async function readBuild(dir: string): Promise<Omit<WebBuild, 'render' | 'heads'> | undefined> {
  let indexHtml: string;
  try {
    indexHtml = await readFile(path.join(dir, 'index.html'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel !== 'index.html' && !rel.split('/').some((part) => part.startsWith('.'))) files.add(rel);
  }
  // A file's compressed copies (apps/web/precompress.ts) are sent in its place, never by name.
  for (const file of files) {
    if (COMPRESSED_COPY.test(file) && files.has(file.replace(COMPRESSED_COPY, ''))) files.delete(file);
  }
  const indexStylesheets = [...indexHtml.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  return { indexHtml, files, indexStylesheets, ...(await readStylesheets(dir, files, indexStylesheets)) };
}

/**
 * The head of a page the server drew: the app's stylesheets and those its markup needs, written
 * into the page itself, so a phone paints it from the HTML alone without asking for a stylesheet
 * first (a round trip, 400 ms and more on a weak connection: docs/decisions/0049). Each part's own
 * stylesheet is listed too, `disabled` (browsers do not fetch it): when the app later loads that
 * part, it finds the stylesheet in the page and does not ask again.
 */
function headLinks(build: WebBuild, html: string): string {
  const sheets = new Set<string>();
  for (const name of classNamesUsed(html))
    for (const sheet of build.stylesheetsOf.get(name) ?? []) sheets.add(sheet);
  // Few pages differ in their parts: each set's head is written once.
  const key = [...sheets].join(' ');
  let head = build.heads.get(key);
  if (head === undefined) {
    head = writeHeadLinks(build, [...build.indexStylesheets, ...sheets]);
    build.heads.set(key, head);
  }
  return head;
}

/** The head for these stylesheets: their text inline, and each listed, disabled (headLinks). */
function writeHeadLinks(build: WebBuild, parts: readonly string[]): string {
  // A "</style" inside the CSS (in a string or a comment) would end the element early: `\/` is the
  // same character to CSS.
  const css = parts.map((sheet) => build.stylesheets.get(sheet) ?? '').join('\n');
  return [
    `<style>${css.replaceAll('</style', '<\\/style')}</style>`,
    ...parts.map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled />`),
  ]
    .map((tag) => `${tag}\n    `)
    .join('');
}

/** index.html without its own stylesheet links: a page the server drew carries them in itself (headLinks). */
function withoutIndexStylesheets(indexHtml: string): string {
  return indexHtml.replace(STYLESHEET_LINK, '');
}

/**
 * The status and caching of a page drawn around a failed data read. The database or server
 * failing is a 503 and the visitor's spent look-up budget a 429, both `no-store`: a CDN that kept
 * either would show every visitor the error. A thing named in the path that does not exist is a
 * 404 with a short shared life (on a page without a path parameter, such as a search, the page
 * is the answer: 200 with the same short life). Any other refused read is kept by nobody.
 */
function failedPage(
  failure: DataFailure,
  pattern: string,
): { status: number; cache: string; retryAfter?: string } {
  if (failure.status >= 500) {
    return { status: 503, cache: 'no-store', retryAfter: failure.retryAfter ?? FAILED_PAGE_RETRY_AFTER_S };
  }
  if (failure.status === 429) {
    return { status: 429, cache: 'no-store', retryAfter: failure.retryAfter ?? FAILED_PAGE_RETRY_AFTER_S };
  }
  const named = pattern.includes(':');
  if (failure.status === 404) return { status: named ? 404 : 200, cache: NOT_FOUND_PAGE_CACHE };
  return { status: named ? 404 : 200, cache: 'no-store' };
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * The built web app, per host: hashed assets cached for good, other files briefly, and every
 * other page path the index.html with the brand's title and tags (crawlers and link previews do
 * not run JavaScript). robots.txt and sitemap.xml are written from the brand config.
 */
export const webRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const distDir = env.webDistDir;
  // A file with a compressed copy the browser accepts is sent as that copy (docs/decisions/0037);
  // any other is compressed on the way out as before, if it is text.
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    suppressWarning: true,
    preCompressed: true,
  });

  // Read once: a deploy restarts the server. Until a build exists, each request looks again.
  // One reading at a time: the first visitors at once share it rather than each loading the
  // renderer (whose one transport the last load would own).
  let build: WebBuild | undefined;
  let reading: Promise<WebBuild | undefined> | undefined;
  const currentBuild = async () => {
    if (build) return build;
    reading ??= (async () => {
      const read = await readBuild(distDir);
      return read && { ...read, heads: new Map(), render: await loadRenderer(app, distDir) };
    })().finally(() => {
      reading = undefined;
    });
    build = await reading;
    return build;
  };

  const origins = new Map<string, string>();
  const originOf = (brand: BrandConfig) => {
    let origin = origins.get(brand.id);
    if (!origin) {
      origin = publicOrigin(brand, env);
      origins.set(brand.id, origin);
    }
    return origin;
  };

  /** The page's index.html, per brand and pattern: as built, or for a page the server draws. */
  const templates = new Map<string, string[]>();
  const pageTemplate = (found: WebBuild, brand: BrandConfig, pattern: string, drawn: boolean) => {
    const key = `${brand.id} ${pattern} ${drawn}`;
    let parts = templates.get(key);
    if (!parts) {
      const indexHtml = drawn ? startedAfterPaint(withoutIndexStylesheets(found.indexHtml)) : found.indexHtml;
      parts = renderPageTemplate(indexHtml, brand, pattern, originOf(brand));
      templates.set(key, parts);
    }
    return parts;
  };

  // Drawn public pages, kept as long as a sign's look-up and emptied by the same notifications.
  const pages = new RenderedPages({ ttlMs: env.lookupCacheSeconds * 1000 });
  app.signLookups.subscribe(pages);

  /**
   * A drawn page as it goes out; `timing` says whether it was drawn now (ms) or kept. A kept page
   * goes in the compressed copy it keeps (made once), instead of being compressed per visitor.
   */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: KeptPage,
    timing: string,
    kept: boolean,
  ) => {
    // Filed under the brand and whatever the page read (a sign, its site and company), so a
    // change to any of them purges it at the CDN (docs/decisions/0054).
    tagReply(reply, page.keys)
      .header('cache-control', page.cacheControl)
      .header('etag', page.etag)
      .header('server-timing', timing);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) {
      return reply.header('vary', 'accept-encoding').code(304).send();
    }
    return sendHtml(request, reply, kept ? page : page.html);
  };

  /** Page HTML in the encoding the visitor takes: a kept page's copy, else compressed now, quickly. */
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: KeptPage | string) => {
    const encoding = acceptedEncoding(request.headers['accept-encoding']) ?? 'identity';
    const bytes = typeof page === 'string' ? encodedOnce(page, encoding) : encodedPage(page, encoding);
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', SHORT_CACHE)
      .send(renderRobots(request.brand, originOf(request.brand))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    if (!request.brand.sitemap) return reply.callNotFound();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', SHORT_CACHE)
      .send(renderSitemap(request.brand, originOf(request.brand)));
  });

  const sendFile = (reply: FastifyReply, file: string) =>
    file.startsWith('assets/')
      ? // Vite puts a content hash in these names: a changed file gets a new name.
        reply.sendFile(file, distDir, { maxAge: 31_536_000_000, immutable: true })
      : reply.header('cache-control', SHORT_CACHE).sendFile(file, distDir, { cacheControl: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();

    const found = build ?? (await currentBuild());
    if (!found) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_MESSAGE);
    }

    let file: string | undefined;
    try {
      file = decodeURIComponent(pathname.slice(1));
    } catch {
      file = undefined;
    }
    if (file !== undefined && found.files.has(file)) return sendFile(reply, file);
    if (pathname.startsWith('/assets/')) return reply.callNotFound();

    // A page (not a file of the build) is a public read: counted in memory, never in the database.
    takePublicRead(request, reply, publicReadLimit);
    const { brand } = request;
    // Only the query parameters the app reads: any other neither draws the page anew nor makes
    // another entry (a cache-buster costs what a repeat costs).
    const queryAt = request.url.indexOf('?');
    const query = queryAt < 0 ? '' : pageQuery(new URLSearchParams(request.url.slice(queryAt + 1)));
    const pageKey = `${brand.id} ${pathname}${query}`;
    // Only pages (not 404s) are kept, so a kept one is sent without matching its path again.
    const kept = pages.find(pageKey);
    if (kept) return sendPage(request, reply, kept, 'render;desc="kept"', true);
    const page = classifyPath(brand, pathname);
    const url = `${originOf(brand)}${page.status === 404 ? '/404' : pathname}`;
    if (page.status === 200 && found.render) {
      const generation = pages.generation;
      const started = performance.now();
      const rendered = await found
        // Drawn at the brand's configured address, never the request's host: the page's links to
        // sister sites are made from it.
        .render(request, new URL(`${originOf(brand)}${pathname}${query}`))
        .catch((error: unknown) => {
          // The page still works: the browser draws it, as before server rendering.
          request.log.error({ err: error }, 'the page could not be drawn on the server');
          return { kind: 'client' } as const;
        });
      if (rendered.kind === 'redirect')
        return reply.header('cache-control', 'no-cache').redirect(rendered.location);
      if (rendered.kind === 'page') {
        const html = fillRenderedPage(pageTemplate(found, brand, page.pattern, true), url, {
          ...rendered,
          headLinks: headLinks(found, rendered.html),
        });
        if (rendered.dataFailure) {
          const failed = failedPage(rendered.dataFailure, page.pattern);
          if (failed.retryAfter) reply.header('retry-after', failed.retryAfter);
          if (failed.cache !== 'no-store') tagReply(reply, [brandKey(brand.id)]);
          return sendHtml(request, reply.code(failed.status).header('cache-control', failed.cache), html);
        }
        const drawn: KeptPage = {
          html,
          etag: etagOf(html),
          cacheControl: rendered.surrogateKeys.length > 0 ? SIGN_PAGE_CACHE : PAGE_CACHE,
          keys: [brandKey(brand.id), ...rendered.surrogateKeys],
        };
        const keep = keepable(query) && pages.keep(pageKey, drawn, generation);
        return sendPage(
          request,
          reply,
          drawn,
          // How long the drawing took, and how often the page was drawn (once, when its routes
          // load all it shows).
          `render;dur=${(performance.now() - started).toFixed(1)};desc="drawn ${rendered.draws}x"`,
          keep,
        );
      }
    }
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(fillPageTemplate(pageTemplate(found, brand, page.pattern, false), url));
  });
};
