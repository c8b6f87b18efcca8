import { Writable } from 'node:stream';
import type { BrandId } from '@app/brands';
import { loadBrand } from '@app/brands/load-brand';
import { resolveBrandId } from '@app/brands/start';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/app-frame';
import { signedOutNavQueries } from './app/layout/nav-sources';
import { appRoutes } from './app/routes';
import { loadRouteGroup } from './brands/route-groups';
import { BrandProvider } from './lib/brand';
import { createQueryClient } from './lib/query-client';
import type { RouteHandle } from './lib/route-handle';
import { SiteLocationProvider } from './lib/site-location';

export { type ApiTransport, setApiTransport } from './lib/api-client';

/** The longest a page may take to draw before the server gives up and lets the browser draw it. */
const RENDER_TIMEOUT_MS = 10_000;
/** Rounds of "draw, then load what the drawing asked for" (a page whose data needs other data). */
const MAX_DATA_ROUNDS = 3;

export type RenderResult =
  /**
   * The page's markup for #root and its data (JSON) for the browser's query cache; `draws`: how
   * many times it was drawn (1 when its routes loaded all it shows before the drawing).
   */
  | { kind: 'page'; html: string; data: string; draws: number }
  | { kind: 'redirect'; location: string }
  /** Not drawn here (a signed-in page, an unknown path): the browser draws it. */
  | { kind: 'client' };

const routeTables = new Map<BrandId, ReturnType<typeof createStaticHandler>>();

async function handlerFor(brandId: BrandId) {
  let handler = routeTables.get(brandId);
  if (!handler) {
    handler = createStaticHandler(appRoutes((await loadRouteGroup(brandId)).routes));
    routeTables.set(brandId, handler);
  }
  return handler;
}

function drawToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown = null;
    // Streamed whole once everything is ready: the page is small, and its ETag needs all of it.
    const stream = renderToPipeableStream(element, {
      // Never outlined into a later chunk put in place by an inline script: the CSP refuses
      // inline scripts, and the page is sent whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
    const timer = setTimeout(() => {
      stream.abort();
      reject(new Error(`the page took more than ${RENDER_TIMEOUT_MS} ms to draw`));
    }, RENDER_TIMEOUT_MS);
  });
}

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** Queries the last drawing asked for and nobody has loaded yet. */
function unloaded(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q));
}

/** `</script>` and friends cannot end the JSON block early; U+2028/9 are fine in JSON but not in every parser. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Draws the public page at `url` (its host picks the brand) as the browser's first render will:
 * the same routes, the same queries (each page's own `useQuery`s, loaded here through the API in
 * this process), the start-up overlay over it. Data the page was drawn with goes with it.
 */
export async function render(url: URL): Promise<RenderResult> {
  const brandId = resolveBrandId(url.hostname);
  const [brand, handler] = await Promise.all([loadBrand(brandId), handlerFor(brandId)]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { kind: 'client' };
  if (context.statusCode !== 200 || context.errors) return { kind: 'client' };

  const handles = context.matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
  // The catch-all sends unknown paths to /404, which the browser does.
  if (handles.some((h) => h.clientOnly) || context.matches.some((m) => m.route.path === '*')) {
    return { kind: 'client' };
  }

  const queryClient = createQueryClient();
  // The sidebar's links from the content API, beside whatever the page's routes load. One try
  // each: a failure is drawn as the page draws it, and the browser may try again.
  const navLoaded = Promise.all(
    signedOutNavQueries(brand).map((query) => queryClient.prefetchQuery({ ...query, retry: false })),
  );
  for (const [index, handle] of handles.entries()) {
    const params = context.matches[index]?.params ?? {};
    const location = await handle.serverLoad?.({ queryClient, params, url, brandId });
    if (location) return { kind: 'redirect', location };
  }
  await navLoaded;

  const router = createStaticRouter(handler.dataRoutes, context);
  const siteLocation = { protocol: url.protocol, hostname: url.hostname, port: url.port };
  const page = () => (
    <StrictMode>
      <AppFrame
        queryClient={queryClient}
        loading
        site={
          <BrandProvider brand={brand}>
            <SiteLocationProvider location={siteLocation}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </SiteLocationProvider>
          </BrandProvider>
        }
      />
    </StrictMode>
  );

  let html = await drawToString(page());
  let draws = 1;
  // What the drawing asked for that no route loaded: loaded now and drawn again (a page whose
  // route does not say what it shows costs a second drawing, which the server's timing shows).
  for (; draws < MAX_DATA_ROUNDS; draws++) {
    const wanted = unloaded(queryClient);
    if (wanted.length === 0) break;
    // One try each: a failure is drawn as the page draws it, and the browser may try again.
    await Promise.all(
      wanted.map((q) => queryClient.prefetchQuery({ ...q.options, queryKey: q.queryKey, retry: false })),
    );
    html = await drawToString(page());
  }

  const data = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
  queryClient.clear();
  // No clock in the page, so the same data makes the same bytes (and ETag); the browser takes
  // the data as loaded when the page opens (main.tsx).
  for (const query of data.queries) {
    query.dehydratedAt = 0;
    query.state.dataUpdatedAt = 0;
    query.state.errorUpdatedAt = 0;
  }
  return { kind: 'page', html, data: jsonForHtml(data), draws };
}
