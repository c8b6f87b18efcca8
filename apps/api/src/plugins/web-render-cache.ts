import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The query parameters the web app reads (`searchParams.get` in apps/web/src): a drawn page may
 * differ by them, so they are part of a kept page's key, sorted. Any other parameter (a campaign
 * tag, a cache-buster) is dropped before the page is drawn: it neither draws the page anew nor
 * makes a new entry (issue 33, "A render costs what the page needs").
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'cancelEmailToken',
  'emailToken',
  'filter',
  'id',
  'page',
  'problem',
  'q',
  'ref',
  'signup',
  'site',
  'subject',
  'token',
  'userId',
  'value',
]);

/** Parameters carrying a secret or a person's id: a page asked for with one is drawn, never kept. */
const UNKEPT_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'cancelEmailToken',
  'emailToken',
  'token',
  'userId',
  'value',
]);

/** `?a=1&b=2` of the parameters a page may differ by, sorted; '' when there are none. */
export function pageQuery(search: URLSearchParams): string {
  const kept = [...search].filter(([name]) => PAGE_QUERY_PARAMS.has(name));
  if (kept.length === 0) return '';
  kept.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `?${new URLSearchParams(kept).toString()}`;
}

/** Whether a page asked for with `query` (pageQuery's) may be kept. */
export function keepable(query: string): boolean {
  if (query === '') return true;
  return ![...new URLSearchParams(query).keys()].some((name) => UNKEPT_QUERY_PARAMS.has(name));
}

/** A drawn page as it is sent: the HTML and the headers that go with it. */
export interface KeptPage {
  html: string;
  etag: string;
  cacheControl: string;
  /** Its surrogate keys (lib/cdn-keys.ts): a change announced for one of them drops it. */
  keys: readonly string[];
}

/** The page as drawn (the same object, so its compressed copies go with it) and when it goes. */
interface Entry {
  page: KeptPage;
  expiresAt: number;
}

export interface RenderedPagesOptions {
  ttlMs: number;
  /** The most HTML kept, in UTF-16 code units (about bytes: the pages are mostly ASCII). */
  maxChars?: number;
  now?: () => number;
}

/** About 32 MB of pages: a drawn page carries its stylesheets, 60-120 KB. */
export const RENDERED_PAGES_MAX_CHARS = 32 * 1024 * 1024;

/**
 * Drawn public pages of this instance, by brand, path and the query the page reads (its data
 * version is whether it is still here): a page showing a sign goes at once when the database
 * announces a change to that sign or its company (the same notifications that empty the look-up
 * cache), any page after `ttlMs`. Only while changes are heard is anything kept; least recently
 * used pages go first past `maxChars`.
 */
export class RenderedPages {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxChars: number;
  readonly #now: () => number;
  #chars = 0;
  #listening = false;
  /** Bumped by every change heard: a page drawn before one is not kept. */
  #generation = 0;

  constructor(options: RenderedPagesOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxChars = options.maxChars ?? RENDERED_PAGES_MAX_CHARS;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The mark to hand back to `keep`: a change heard in between means the drawing may be stale. */
  get generation(): number {
    return this.#generation;
  }

  find(key: string): KeptPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#drop(key);
    if (entry.expiresAt <= this.#now()) return undefined;
    // Most recently used last: the Map's order is the eviction order.
    this.#entries.set(key, entry);
    this.#chars += entry.page.html.length;
    return entry.page;
  }

  /** Keeps the page unless it may be stale, too big, or nothing is kept; says whether it did. */
  keep(key: string, page: KeptPage, generation: number): boolean {
    if (!this.#listening || this.#ttlMs <= 0 || generation !== this.#generation) return false;
    if (page.html.length > this.#maxChars) return false;
    this.#drop(key);
    while (this.#chars + page.html.length > this.#maxChars) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
    }
    this.#entries.set(key, { page, expiresAt: this.#now() + this.#ttlMs });
    this.#chars += page.html.length;
    return true;
  }

  /** Drops every page filed under one of `keys` (`signs`: every page showing a sign, lib/cdn-keys.ts). */
  invalidate(keys: readonly string[]): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) {
      if (entry.page.keys.some((k) => keys.includes(k))) this.#drop(key);
    }
  }

  /** Whether changes are being heard; either way, what was kept goes. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.#generation += 1;
    this.#entries.clear();
    this.#chars = 0;
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#chars -= entry.page.html.length;
  }
}

export type PageEncoding = 'br' | 'gzip';

/**
 * `acceptedEncoding`'s answers by header: browsers send a handful of distinct values, so each is
 * read once; emptied when it reaches 64 (a client inventing headers costs itself a parse, no memory).
 */
const encodingOfHeader = new Map<string, PageEncoding | undefined>();

/** The encoding a kept page is sent in for an `Accept-Encoding` header: Brotli, else gzip, else none. */
export function acceptedEncoding(header: string | undefined): PageEncoding | undefined {
  if (!header) return undefined;
  if (encodingOfHeader.has(header)) return encodingOfHeader.get(header);
  const encoding = readAcceptEncoding(header);
  if (encodingOfHeader.size >= 64) encodingOfHeader.clear();
  encodingOfHeader.set(header, encoding);
  return encoding;
}

function readAcceptEncoding(header: string): PageEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * A page's bytes in `encoding`, for one visitor (a page drawn now and not kept: a failure, a query
 * with a secret, no cache) or, through `encodedPage`, for every visitor of a kept one. Brotli at
 * quality 4 (gzip at level 6): measured on a sign page of 31 KB, quality 4 took 0.34 ms for 8.4 KB,
 * quality 5 0.56 ms for 7.8 KB and quality 9 19 ms (more than drawing the page) for 7.7 KB. Each of
 * them fits, with the headers, in the first round trip of a new connection (TCP's initial window
 * of ten segments, about 14 KB), so the visitor waits the same, and the first visit of a page
 * (most scans of a sign are a first visit) costs the server the least.
 */
export function encodedOnce(html: string, encoding: PageEncoding | 'identity'): Buffer {
  if (encoding === 'identity') return Buffer.from(html, 'utf8');
  if (encoding === 'gzip') return gzipSync(html, { level: 6 });
  return brotliCompressSync(html, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
}

/**
 * Each kept page's bytes, plain and compressed, made on first use: a kept page is encoded and
 * compressed once, not per visitor.
 */
const encodings = new WeakMap<KeptPage, Map<PageEncoding | 'identity', Buffer>>();

/** The page's bytes, compressed in `encoding` unless 'identity' (made once per page; they go with the page). */
export function encodedPage(page: KeptPage, encoding: PageEncoding | 'identity'): Buffer {
  let copies = encodings.get(page);
  if (!copies) {
    copies = new Map();
    encodings.set(page, copies);
  }
  let copy = copies.get(encoding);
  if (!copy) {
    copy = encodedOnce(page.html, encoding);
    copies.set(encoding, copy);
  }
  return copy;
}
