import type { FastifyBaseLogger } from 'fastify';

export type CdnPurgeStyle = 'fastly' | 'cloudflare';

export interface CdnPurgeSettings {
  /** Fastly: `https://api.fastly.com/service/<id>/purge`; Cloudflare: `https://api.cloudflare.com/client/v4/zones/<id>/purge_cache`. */
  url: string;
  style: CdnPurgeStyle;
  /** Fastly's API token (`Fastly-Key`) or Cloudflare's (`Authorization: Bearer`); never in the repository. */
  token: string | undefined;
}

export interface CdnPurgerOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long one purge request may take before it counts as failed. */
  timeoutMs?: number;
  /** The wait before the one retry of a failed purge. */
  retryDelayMs?: number;
  /** How long keys are gathered before they are sent together (one change often announces several). */
  gatherMs?: number;
  fetch?: typeof fetch;
}

export const CDN_PURGE_TIMEOUT_MS = 5000;
export const CDN_PURGE_RETRY_DELAY_MS = 1000;
const GATHER_MS = 20;
/** Keys per request: Cloudflare takes at most 30 tags in one purge, Fastly 256 keys. */
export const CDN_PURGE_KEYS_PER_REQUEST = 30;

/** The request that purges `keys` in the CDN's own protocol. */
export function purgeRequest(settings: CdnPurgeSettings, keys: readonly string[]): RequestInit {
  if (settings.style === 'cloudflare') {
    return {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
      },
      body: JSON.stringify({ tags: keys }),
    };
  }
  return {
    method: 'POST',
    headers: {
      'surrogate-key': keys.join(' '),
      ...(settings.token ? { 'fastly-key': settings.token } : {}),
    },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Purges surrogate keys at the CDN: keys asked for within a few milliseconds go in one request,
 * each request is bounded by a timeout and retried once, and a purge that still fails is logged,
 * never thrown (the change itself has been made; the short shared lifetimes bound how long the
 * CDN shows the old answer).
 */
export class CdnPurger {
  readonly #settings: CdnPurgeSettings;
  readonly #log: CdnPurgerOptions['log'];
  readonly #timeoutMs: number;
  readonly #retryDelayMs: number;
  readonly #gatherMs: number;
  readonly #fetch: typeof fetch;
  #gathered = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(settings: CdnPurgeSettings, options: CdnPurgerOptions) {
    this.#settings = settings;
    this.#log = options.log;
    this.#timeoutMs = options.timeoutMs ?? CDN_PURGE_TIMEOUT_MS;
    this.#retryDelayMs = options.retryDelayMs ?? CDN_PURGE_RETRY_DELAY_MS;
    this.#gatherMs = options.gatherMs ?? GATHER_MS;
    this.#fetch = options.fetch ?? fetch;
  }

  /** Purges `keys` soon. */
  purge(keys: Iterable<string>): void {
    for (const key of keys) this.#gathered.add(key);
    if (this.#gathered.size === 0 || this.#timer) return;
    this.#timer = setTimeout(() => this.#flush(), this.#gatherMs);
  }

  /** Sends what is gathered now and waits for every purge under way (tests; the server's close). */
  async settled(): Promise<void> {
    if (this.#timer) this.#flush();
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const keys = [...this.#gathered];
    this.#gathered = new Set();
    for (let i = 0; i < keys.length; i += CDN_PURGE_KEYS_PER_REQUEST) {
      const sending = this.#send(keys.slice(i, i + CDN_PURGE_KEYS_PER_REQUEST));
      this.#inFlight.add(sending);
      void sending.finally(() => this.#inFlight.delete(sending));
    }
  }

  async #send(keys: string[]): Promise<void> {
    const first = await this.#attempt(keys);
    if (first === undefined) return;
    this.#log.warn({ keys, problem: first }, 'a CDN purge failed; trying once more');
    await wait(this.#retryDelayMs);
    const second = await this.#attempt(keys);
    if (second === undefined) return;
    this.#log.error(
      { keys, problem: second },
      'a CDN purge failed twice: the CDN may show the old answer until it expires',
    );
  }

  /** One purge request: undefined when the CDN took it, else what went wrong. */
  async #attempt(keys: string[]): Promise<string | undefined> {
    try {
      const res = await this.#fetch(this.#settings.url, {
        ...purgeRequest(this.#settings, keys),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      // Read to the end, so the connection is free again.
      await res.arrayBuffer();
      return res.ok ? undefined : `HTTP ${res.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
