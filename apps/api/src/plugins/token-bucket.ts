/** Addresses (keys) one instance tracks at most; beyond it, the least recently seen is forgotten. */
export const MAX_TRACKED_KEYS = 10_000;
/** How often buckets that have refilled completely (and so mean nothing) are dropped. */
export const SWEEP_EVERY_MS = 60_000;

export interface BucketSize {
  /** Tokens when full: the burst a newcomer may make at once. */
  max: number;
  /** Time to refill from empty to full: `max` tokens come back evenly over it. */
  windowMs: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last worked out. */
  at: number;
  /** When it will be full again, if nothing takes from it. */
  fullAt: number;
}

export interface TokenBucketsOptions {
  /** Keys tracked at most (default MAX_TRACKED_KEYS). */
  maxKeys?: number;
  /** Milliseconds on a clock that never goes back (default performance.now). */
  now?: () => number;
}

/**
 * Token buckets in this process's memory, one per key (a limit's name and a client address):
 * counting a request is a few arithmetic steps, with no database and no I/O. Memory is bounded:
 * at most `maxKeys` buckets, the least recently used forgotten first (the map keeps them in the
 * order of their last use), and full buckets, which mean the same as no bucket, swept away every
 * SWEEP_EVERY_MS. A forgotten key starts again with a full bucket.
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxKeys: number;
  readonly #now: () => number;
  #sweptAt: number;

  constructor({ maxKeys = MAX_TRACKED_KEYS, now = () => performance.now() }: TokenBucketsOptions = {}) {
    this.#maxKeys = maxKeys;
    this.#now = now;
    this.#sweptAt = now();
  }

  /** Keys tracked now. */
  get size(): number {
    return this.#buckets.size;
  }

  /**
   * Takes one token from `key`'s bucket of `size`. Returns 0 when there was one, otherwise the
   * milliseconds until there will be (the request is refused and takes nothing).
   */
  take(key: string, size: BucketSize): number {
    const now = this.#now();
    if (now - this.#sweptAt >= SWEEP_EVERY_MS) this.#sweep(now);
    const perMs = size.max / size.windowMs;
    const found = this.#buckets.get(key);
    let tokens = size.max;
    if (found) {
      tokens = Math.min(size.max, found.tokens + (now - found.at) * perMs);
      // Set again below, which moves it to the end: the first entry is the least recently used.
      this.#buckets.delete(key);
    }
    const refused = tokens < 1;
    if (!refused) tokens -= 1;
    this.#buckets.set(key, { tokens, at: now, fullAt: now + (size.max - tokens) / perMs });
    if (this.#buckets.size > this.#maxKeys) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    return refused ? Math.ceil((1 - tokens) / perMs) : 0;
  }

  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const [key, bucket] of this.#buckets) {
      if (bucket.fullAt <= now) this.#buckets.delete(key);
    }
  }
}
