import type { SignLookup } from './repository';

/**
 * Look-up statements of one instance running at once, at most. While they run, the keys asked for
 * wait and then go together in one statement, so a burst of look-ups costs a few statements rather
 * than one each (and holds two of the pool's connections, not all of them). One look-up alone goes
 * at once, as before.
 */
export const SIGN_LOOKUPS_IN_FLIGHT = 2;

interface Waiter {
  resolve: (sign: SignLookup | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Sign look-ups by reference key, gathered while the database is busy. Every answer comes from a
 * statement sent after it was asked for, so it is as fresh as a statement of its own: nothing is
 * kept once its statement has answered (the cache in front, when on, keeps answers). Each key's
 * answer is its own row: the statement returns one row per key and they are matched by key.
 */
export class SignLookupBatcher {
  readonly #load: (keys: string[]) => Promise<Map<string, SignLookup>>;
  readonly #inFlightMax: number;
  readonly #keysMax: number;
  #inFlight = 0;
  /** Keys not yet sent, in the order asked, each with everyone waiting for it. */
  readonly #waiting = new Map<string, Waiter[]>();

  /**
   * `load` answers 1 to `keysMax` keys in one statement; at most `inFlightMax` run at once.
   */
  constructor(
    load: (keys: string[]) => Promise<Map<string, SignLookup>>,
    options: { inFlightMax: number; keysMax: number },
  ) {
    this.#load = load;
    this.#inFlightMax = options.inFlightMax;
    this.#keysMax = options.keysMax;
  }

  /** The sign with this reference key, or undefined when there is none. */
  find(key: string): Promise<SignLookup | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(key, [{ resolve, reject }]);
      this.#send();
    });
  }

  #send(): void {
    while (this.#inFlight < this.#inFlightMax && this.#waiting.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [key, waiters] of this.#waiting) {
        if (batch.size === this.#keysMax) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.#waiting.delete(key);
      this.#inFlight += 1;
      this.#run(batch);
    }
  }

  async #run(batch: Map<string, Waiter[]>): Promise<void> {
    try {
      const found = await this.#load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.#inFlight -= 1;
      this.#send();
    }
  }
}
