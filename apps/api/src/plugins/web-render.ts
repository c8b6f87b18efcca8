import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SURROGATE_KEY, surrogateKeysOf } from '../lib/cdn-keys';

export type RenderResult =
  | { kind: 'page'; html: string; data: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'client' };

/** What apps/web/src/entry-server.tsx gives (built to dist/.ssr/entry-server.js). */
interface ServerEntry {
  render(url: URL): Promise<RenderResult>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/**
 * The worst answer the render's own API calls got: the page was drawn around it (a "could not be
 * looked up" note, a "no sign has that reference"), so it must never be shared as if it were the
 * page itself.
 */
export interface DataFailure {
  status: number;
  /** The Retry-After the API sent with it, if any. */
  retryAfter: string | undefined;
}

/**
 * A render, the worst failure of its data reads (undefined when they all succeeded), and the
 * surrogate keys of the answers it read (lib/cdn-keys.ts): the page shows them, so it is purged
 * with them.
 */
export type RenderOutcome = RenderResult & { dataFailure?: DataFailure; surrogateKeys: string[] };

/** Draws the page at `url` for the visitor who asked for it. */
export type RenderPage = (request: FastifyRequest, url: URL) => Promise<RenderOutcome>;

/**
 * How bad a failed data read is for the page: the database or the server failing outranks the
 * visitor's spent budget, which outranks a thing that does not exist, which outranks the rest.
 */
function severity(status: number): number {
  if (status >= 500) return 4;
  if (status === 429) return 3;
  if (status === 404) return 2;
  return 1;
}

interface RenderVisit {
  request: FastifyRequest;
  dataFailure?: DataFailure;
  surrogateKeys: Set<string>;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The render each data call belongs to. One for the process, not one per loadRenderer: the
 * renderer module is imported once, so a second load (two first visitors at once) replaces its
 * transport, and a store of its own would leave every render of the first load's function
 * without a visit ("an API call outside a page render").
 */
const visitor = new AsyncLocalStorage<RenderVisit>();

/**
 * The web app's server renderer, or undefined when the build has none. Its API calls come back to
 * this server in-process (`inject`), as the page's visitor: same host, same client address, so
 * every rule, limit and count of the API applies to them as to the browser's own calls.
 */
export async function loadRenderer(app: FastifyInstance, distDir: string): Promise<RenderPage | undefined> {
  const entry = path.join(distDir, '.ssr', 'entry-server.js');
  try {
    await readFile(entry);
  } catch {
    return undefined;
  }
  const renderer = (await import(pathToFileURL(entry).href)) as ServerEntry;
  renderer.setApiTransport(async (url, init) => {
    const visit = visitor.getStore();
    if (!visit) throw new Error('an API call outside a page render');
    const { request } = visit;
    const target = new URL(url, 'http://in-process');
    // The visitor's own Host header (its brand), never a forwarded one.
    const headers: Record<string, string> = { host: request.headers.host ?? '' };
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const reply = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: request.ip,
    });
    for (const key of surrogateKeysOf(reply.headers[SURROGATE_KEY])) visit.surrogateKeys.add(key);
    if (reply.statusCode >= 400) {
      const worst = visit.dataFailure;
      if (!worst || severity(reply.statusCode) > severity(worst.status)) {
        const retryAfter = reply.headers['retry-after'];
        visit.dataFailure = {
          status: reply.statusCode,
          retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
        };
      }
    }
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) replyHeaders.append(name, String(one));
    }
    return new Response(NULL_BODY_STATUSES.has(reply.statusCode) ? null : new Uint8Array(reply.rawPayload), {
      status: reply.statusCode,
      headers: replyHeaders,
    });
  });
  return (request, url) => {
    const visit: RenderVisit = { request, surrogateKeys: new Set() };
    return visitor.run(visit, async () => {
      const result = await renderer.render(url);
      const surrogateKeys = [...visit.surrogateKeys];
      return visit.dataFailure
        ? { ...result, dataFailure: visit.dataFailure, surrogateKeys }
        : { ...result, surrogateKeys };
    });
  };
}
