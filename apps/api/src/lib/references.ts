import { randomInt } from 'node:crypto';
import {
  REFERENCE_CODE_LENGTH,
  REFERENCE_SYMBOLS,
  type ReferencePrefix,
  referenceOf,
} from '@app/contract/references';

/** A new random reference, e.g. `R-7KX4-M2QD` (the caller stores it under a unique index). */
export function newReference(prefix: ReferencePrefix): string {
  let code = '';
  for (let i = 0; i < REFERENCE_CODE_LENGTH; i++)
    code += REFERENCE_SYMBOLS[randomInt(REFERENCE_SYMBOLS.length)];
  return referenceOf(prefix, code);
}
