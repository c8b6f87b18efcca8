import { messages } from '@app/contract/messages';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { HttpError } from '../../lib/http-error';

// The library's defaults are argon2id with OWASP's minimum parameters (19 MiB, 2 passes).

/**
 * zxcvbn's estimate of how easily a password is guessed, with the dictionaries bundled in the
 * package (common and breached passwords, English words and names, keyboard patterns): nothing
 * is fetched at run time. Built on first use (about 0.2 s), then kept.
 *
 * The check runs on the event loop, so its cost is bounded: only the first 64 characters are
 * matched (no common password is longer), and at most 4 look-alike substitutions ('@' for 'a',
 * '0' for 'o') are tried at once. With the library's defaults (256 characters, 100 substitutions)
 * a 128-character string of symbols took over 3 s; bounded, the worst we found takes a few
 * tens of milliseconds, and 'P@ssw0rd', 'dr@g0n123' and 'm0nk3y!!' are still found.
 */
let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn's score runs 0 to 4; 0 and 1 are passwords found within about a million guesses:
 * the most common and breached ones and small changes to them ('password123', 'qwertyuiop',
 * 'Password1!'). NIST SP 800-63B 3.1.1.2 asks for exactly such a blocklist (docs/decisions/0046).
 */
const LOWEST_SCORE_ACCEPTED = 2;

/** Whether `password` is among the most common or breached passwords (or a small change to one). */
export function isCommonPassword(password: string): boolean {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    maxLength: 64,
    l33tMaxSubstitutions: 4,
  });
  return estimator.check(password).score < LOWEST_SCORE_ACCEPTED;
}

/**
 * Hashes a new password: every way of setting one (sign-up, reset, change, an invitation) comes
 * here, so each refuses a common one with 400 and the same message, before any work is done.
 */
export function hashPassword(password: string): Promise<string> {
  if (isCommonPassword(password))
    return Promise.reject(new HttpError(400, messages.server.passwordTooCommon));
  return hash(password);
}

let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash` (argon2 compares in constant time). Without a hash
 * (no such user) a decoy hash is checked instead, so the answer takes as long either way and the
 * time taken does not tell whether a user name exists.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoy ??= hash('decoy password that matches nobody');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
