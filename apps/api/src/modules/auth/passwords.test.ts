import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test reads a fresh copy of the module, so the estimator it builds on first use is built
// from the module as it is now, not kept from an earlier test.
let isCommonPassword: (password: string) => boolean;
beforeEach(async () => {
  vi.resetModules();
  ({ isCommonPassword } = await import('./passwords'));
});

// Decision 0046: the most common and breached passwords, and small changes to them, are refused
// wherever a password is set (NIST SP 800-63B 3.1.1.2 asks for such a blocklist).

describe('common passwords', () => {
  it('finds the most common ones and their look-alikes', () => {
    for (const password of [
      'password123',
      'qwertyuiop',
      'Password1!',
      'P@ssw0rd',
      'dr@g0n123',
      'letmein123',
      // Words and names from the dictionaries, with the digits people add.
      'sunshine1',
      'football',
      'jennifer1990',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passphrases and the demo and test passwords', () => {
    for (const password of [
      'correct horse battery',
      'lantern orchard velvet',
      'demo-password',
      'first-Secret-1',
      'second-Secret-2',
      'a brand new password',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('checks a 128-character password of symbols in well under a second (the check blocks the server meanwhile)', () => {
    isCommonPassword('warm up');
    const symbols = Array.from({ length: 128 }, (_, i) => String.fromCharCode(33 + ((i * 37) % 90))).join('');
    const started = performance.now();
    expect(isCommonPassword(symbols)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
