import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SURROGATE_KEY, surrogateKeysOf } from '../lib/cdn-keys';

export type RenderResult =
  | { kind: 'page'; html: string; data: string; draws: number }
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

/** Notes a data read's answer on the render it belongs to: its surrogate keys, and its failure if worst so far. */
function noteAnswer(
  visit: RenderVisit,
  status: number,
  keys: Iterable<string>,
  retryAfter: string | undefined,
) {
  for (const key of keys) visit.surrogateKeys.add(key);
  if (status < 400) return;
  const worst = visit.dataFailure;
  if (!worst || severity(status) > severity(worst.status)) visit.dataFailure = { status, retryAfter };
}

/**
 * The web app's server renderer, or undefined when the build has none. Its API calls are answered
 * in this process, as the page's visitor (same brand, same client address, so every rule, limit
 * and count of the API applies to them as to the browser's own calls): a read the API offers to
 * pages (`app.pageReads`: a sign's look-up and QR code) is called directly, without a request or
 * reply; any other call goes through the route by `inject`.
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
    const method = init.method ?? 'GET';
    if (method === 'GET' && init.body == null && target.search === '') {
      const read = await app.pageReads.answer(request, target.pathname);
      if (read) {
        noteAnswer(visit, read.status, read.surrogateKeys, read.retryAfter);
        return new Response(read.body, {
          status: read.status,
          headers: { 'content-type': read.contentType },
        });
      }
    }
    // The visitor's own Host header (its brand), never a forwarded one.
    const headers: Record<string, string> = { host: request.headers.host ?? '' };
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const reply = await app.inject({
      method: method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: request.ip,
    });
    const retryAfter = reply.headers['retry-after'];
    noteAnswer(
      visit,
      reply.statusCode,
      surrogateKeysOf(reply.headers[SURROGATE_KEY]),
      retryAfter === undefined ? undefined : String(retryAfter),
    );
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
