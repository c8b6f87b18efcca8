import { signRefKey } from '@app/contract/accounts';
import type { SignLookupReply } from '@app/contract/lookup';
import type { FastifyInstance } from 'fastify';
import { keysOfChange, SIGNS_KEY, signKeys } from '../../lib/cdn-keys';
import { CdnPurger } from '../../lib/cdn-purge';
import { weakEtag } from '../../lib/public-cache';
import { SIGN_LOOKUPS_IN_FLIGHT, SignLookupBatcher } from './batch';
import { lookupSigns, SIGN_LOOKUP_KEYS, type SignLookup } from './repository';

/** The channel on which the database announces changes to what a look-up returns (migration 0110). */
export const SIGN_LOOKUP_CHANNEL = 'sign_lookup';

/**
 * At most this many signs are kept (about 1 KB each, so a few MB); the least recently used goes
 * first. Enough for every sign being scanned in a busy minute; an attacker asking for many signs
 * only pushes entries out, and unknown references are never kept.
 */
export const LOOKUP_CACHE_MAX_ENTRIES = 10_000;

/** A found sign as the look-up answers it: the reply's JSON, written once, and its ETag. */
export interface CachedSign {
  sign: SignLookup;
  /** The reply body, already checked against the reply schema and serialised. */
  body: string;
  etag: string;
  /** The surrogate keys of an answer showing this sign (lib/cdn-keys.ts), purged when it changes. */
  keys: string[];
}

interface Entry extends CachedSign {
  companyId: number | null;
  expiresAt: number;
}

/** Something else kept from sign data (the drawn pages), told what the look-up cache is told. */
export interface SignChangeListener {
  /** The surrogate keys a change made stale (lib/cdn-keys.ts keysOfChange). */
  invalidate(keys: readonly string[]): void;
  setListening(listening: boolean): void;
}

export interface SignLookupCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * The reply of GET /api/stickers/search/:term for a found sign. It is built field by field from
 * typed values (the reply schema's own type), so it is not parsed again on the way out: that
 * check took about half of this function's time under load (7 of 16 us per look-up). The
 * look-up's tests hold each kind of answer to the schema (parsing changes nothing: no field
 * missing, none extra).
 */
export function cachedSign(sign: SignLookup): CachedSign {
  const reply: SignLookupReply = {
    id: sign.id,
    signRef: sign.signRef,
    registered: sign.scheme !== null,
    scheme: sign.scheme,
  };
  const body = JSON.stringify(reply);
  const keys = signKeys({
    signRefKey: signRefKey(sign.signRef),
    siteId: sign.scheme?.siteId ?? null,
    companyId: sign.companyId,
  });
  return { sign, body, etag: weakEtag(body), keys };
}

/**
 * Recent sign look-ups of this instance, keyed by the sign's reference key. Entries live `ttlMs`
 * at most and go at once when the database announces a change to their sign or their company
 * (`invalidate`, fed by LISTEN). Until the instance is listening, and while its listening
 * connection is lost, nothing is kept or served: a change could pass unseen.
 */
export class SignLookupCache {
  readonly #entries = new Map<string, Entry>();
  /** Loads under way, so a burst of look-ups of one sign costs one statement. */
  readonly #loading = new Map<string, Promise<CachedSign | undefined>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Bumped by every invalidation: a load that started before one is not kept. */
  #generation = 0;
  #listening = false;
  readonly #listeners: SignChangeListener[] = [];

  constructor(options: SignLookupCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? LOOKUP_CACHE_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Tells `listener` of every change heard, and whether changes are heard, from now on. */
  subscribe(listener: SignChangeListener): void {
    this.#listeners.push(listener);
    listener.setListening(this.#listening);
  }

  /** The sign `term` names, from memory when it is there, else from `load` (and kept). */
  async find(
    term: string,
    load: (term: string) => Promise<SignLookup | undefined>,
  ): Promise<CachedSign | undefined> {
    const key = signRefKey(term);
    if (!this.#active()) {
      const sign = await load(term);
      return sign && cachedSign(sign);
    }
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.expiresAt > this.#now()) {
        // Most recently used last: the Map's order is the eviction order.
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        return entry;
      }
      this.#entries.delete(key);
    }
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load(term).then((sign) => {
      if (!sign) return undefined;
      const found = cachedSign(sign);
      if (generation === this.#generation && this.#active()) this.#keep(key, found);
      return found;
    });
    this.#loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    }
  }

  /**
   * A change announced by the database: `k:<sign ref key>` (that sign), `c:<company id>` (every
   * sign of that company); anything else empties the cache.
   */
  invalidate(payload: string): void {
    this.#generation += 1;
    this.#loading.clear();
    for (const listener of this.#listeners) listener.invalidate(keysOfChange(payload));
    if (payload.startsWith('k:')) {
      this.#entries.delete(payload.slice(2));
      return;
    }
    const companyId = /^c:(\d+)$/.exec(payload)?.[1];
    if (companyId === undefined) {
      this.#entries.clear();
      return;
    }
    for (const [key, entry] of this.#entries) {
      if (entry.companyId === Number(companyId)) this.#entries.delete(key);
    }
  }

  /** Whether changes are being heard: only then are look-ups kept. Either way, what was kept goes. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    for (const listener of this.#listeners) listener.setListening(listening);
    this.invalidate('');
  }

  #active(): boolean {
    return this.#listening && this.#ttlMs > 0;
  }

  #keep(key: string, found: CachedSign): void {
    this.#entries.delete(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, {
      ...found,
      companyId: found.sign.companyId,
      expiresAt: this.#now() + this.#ttlMs,
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recent sign look-ups of this instance (LOOKUP_CACHE_SECONDS), emptied by changes on any instance. */
    signLookups: SignLookupCache;
    /**
     * The sign a term names (hyphens, spaces and case forgiven) as the look-up answers it, through
     * the cache and, on a miss, in a statement shared with the look-ups asked at the same time.
     */
    findSign(term: string): Promise<CachedSign | undefined>;
  }
}

/**
 * The instance's look-up cache, listening for changes once the server is ready (so a migration
 * has created the triggers) until it closes, and `findSign` in front of it. Each change heard also
 * purges its surrogate keys at the CDN when CDN_PURGE_URL is set (docs/decisions/0054), so the
 * CDN forgets a withdrawn number as soon as every instance does.
 */
export function registerSignLookupCache(app: FastifyInstance): void {
  const cache = new SignLookupCache({ ttlMs: app.env.lookupCacheSeconds * 1000 });
  const statements = new SignLookupBatcher((keys) => lookupSigns(app.db, keys), {
    inFlightMax: SIGN_LOOKUPS_IN_FLIGHT,
    keysMax: SIGN_LOOKUP_KEYS,
  });
  app.decorate('signLookups', cache);
  app.decorate('findSign', (term: string) => cache.find(term, (t) => statements.find(signRefKey(t))));
  const purger = app.env.cdnPurge && new CdnPurger(app.env.cdnPurge, { log: app.log });
  if (app.env.lookupCacheSeconds === 0 && !purger) return;
  let stop: (() => Promise<void>) | undefined;
  let lost = false;
  app.addHook('onReady', async () => {
    stop = await app.db.listen(SIGN_LOOKUP_CHANNEL, {
      onNotify: (payload) => {
        cache.invalidate(payload);
        purger?.purge(keysOfChange(payload));
      },
      onListening: () => {
        cache.setListening(true);
        // Changes made while nobody was listening were not heard: the CDN forgets every sign.
        if (lost) purger?.purge([SIGNS_KEY]);
        lost = false;
      },
      onLost: () => {
        lost = true;
        cache.setListening(false);
        app.log.warn('Sign look-ups are not cached until the database connection that hears changes is back');
      },
    });
  });
  app.addHook('onClose', async () => {
    cache.setListening(false);
    await stop?.();
    await purger?.settled();
  });
}
