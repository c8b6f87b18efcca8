import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for one another: no 0/O, 1/I. */
export const SIGN_REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Letters of a prefix number: no I or O, which look like digits. */
const PREFIX_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const SIGN_REF_GROUPS = 3;
const GROUP_LENGTH = 4;

function pick(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A new sign reference as printed, e.g. `K7QM-3XWD-P9TE` (60 random bits). */
export function newSignRef(): string {
  return Array.from({ length: SIGN_REF_GROUPS }, () => pick(SIGN_REF_ALPHABET, GROUP_LENGTH)).join('-');
}

/** A new prefix number: three letters and five digits, e.g. `KQT40817`. */
export function newPrefixNo(): string {
  return pick(PREFIX_LETTERS, 3) + pick('0123456789', 5);
}
