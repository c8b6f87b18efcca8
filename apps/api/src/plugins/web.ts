import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrandConfig } from '@app/brands';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Env } from '../env';
import { publicOrigin } from '../lib/public-url';
import { publicReadLimit, takePublicRead } from './rate-limit';
import { classifyPath, fillPageTemplate, renderPageTemplate, renderRobots, renderSitemap } from './web-html';

export const NOT_BUILT_MESSAGE =
  'The web app has not been built yet: run `npm run build` (or `npm start`, which builds it when needed), then reload this page.';

/** Files a deploy may change under the same name (logos, favicons, images). */
const SHORT_CACHE = 'public, max-age=3600';

interface WebBuild {
  indexHtml: string;
  /** Paths relative to the dist folder, `/`-separated, without index.html. */
  files: Set<string>;
}

async function readBuild(dir: string): Promise<WebBuild | undefined> {
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
  return { indexHtml, files };
}

/**
 * The built web app, per host: hashed assets cached for good, other files briefly, and every
 * other page path the index.html with the brand's title and tags (crawlers and link previews do
 * not run JavaScript). robots.txt and sitemap.xml are written from the brand config.
 */
export const webRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const distDir = env.webDistDir;
  await app.register(fastifyStatic, { root: distDir, serve: false, suppressWarning: true });

  // Read once: a deploy restarts the server. Until a build exists, each request looks again.
  let build: WebBuild | undefined;
  const currentBuild = async () => {
    build ??= await readBuild(distDir);
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

  const templates = new Map<string, string[]>();
  const pageTemplate = (indexHtml: string, brand: BrandConfig, pattern: string) => {
    const key = `${brand.id} ${pattern}`;
    let parts = templates.get(key);
    if (!parts) {
      parts = renderPageTemplate(indexHtml, brand, pattern, originOf(brand));
      templates.set(key, parts);
    }
    return parts;
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

    const found = await currentBuild();
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
    const page = classifyPath(brand, pathname);
    const url = `${originOf(brand)}${page.status === 404 ? '/404' : pathname}`;
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(fillPageTemplate(pageTemplate(found.indexHtml, brand, page.pattern), url));
  });
};
