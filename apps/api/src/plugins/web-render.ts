import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type RenderResult =
  | { kind: 'page'; html: string; data: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'client' };

/** What apps/web/src/entry-server.tsx gives (built to dist/.ssr/entry-server.js). */
interface ServerEntry {
  render(url: URL): Promise<RenderResult>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/** Draws the page at `url` for the visitor who asked for it. */
export type RenderPage = (request: FastifyRequest, url: URL) => Promise<RenderResult>;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

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
  const visitor = new AsyncLocalStorage<FastifyRequest>();
  renderer.setApiTransport(async (url, init) => {
    const request = visitor.getStore();
    if (!request) throw new Error('an API call outside a page render');
    const target = new URL(url, 'http://in-process');
    const headers: Record<string, string> = { host: request.headers.host ?? request.host };
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
  return (request, url) => visitor.run(request, () => renderer.render(url));
}
