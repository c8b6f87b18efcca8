import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { addSticker, call } from '../../test/accounts';
import { refusedFor, repeat, statuses } from '../../test/rate-limits';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput, twoCompanies } from '../../test/workspace';

// The prefix number is the secret of a printed sticker (the sign reference is on the sign). Every
// call that takes one counts wrong ones per sticker, whatever the address: after 10 on a sticker,
// an address that has tried it before waits, while a fresh one (its owner, with the sticker in
// hand) is still heard. Only a wrong prefix number counts; a right one clears the address's tries.
// The limits are written as numbers here (limits.ts guessLimits.stickerCheck).

let t: TestApp;
afterEach(() => t?.close());

type Attempt = (prefixNo: string, remoteAddress: string) => ReturnType<typeof call>;

/** The two workspace calls that take a sticker, for company A's master (`a`), with a second site. */
async function workspace() {
  t = await createTestApp();
  const companies = await twoCompanies(t);
  const { a } = companies;
  const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Back yard'))).json();
  const attempt =
    (path: string, signRef: string): Attempt =>
    (prefixNo, remoteAddress) =>
      call(t, 'POST', path, {
        token: a.token,
        body: { siteId: second.id, signRef, prefixNo },
        remoteAddress,
      });
  return { ...companies, attempt };
}

describe('adding a sticker to a site and moving one here: wrong prefix numbers per sticker', () => {
  it.each([
    ['adding a free sticker', '/api/stickers/site/signRef', 'free'],
    ['moving a sticker here from another site', '/api/stickers/site/signRef/move', 'own'],
  ] as const)(
    '%s: after 10 wrong from 10 addresses, one of them waits; a fresh address with the right one is heard',
    async (_name, path, whose) => {
      const { a, freeSticker, attempt } = await workspace();
      const sticker = whose === 'free' ? freeSticker : a.sticker;
      const guess = attempt(path, sticker.signRef);
      const wrong = await repeat(10, (i) => guess(`WRONG00${i}`, `127.0.21.${i + 1}`));
      expect(statuses(wrong)).toEqual([400]);
      expect(wrong[0]?.json()).toEqual({ message: messages.server.stickerNotFound });

      // Even with the right number now: this address has guessed at this sticker before.
      const again = await guess(sticker.prefixNo, '127.0.21.1');
      expect(again.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
      expect(refusedFor(again)).toBeGreaterThan(890);

      const owner = await guess(sticker.prefixNo, '127.0.22.1');
      expect(owner.statusCode).toBe(200);
    },
  );

  it.each([
    [
      'adding another company’s sticker',
      '/api/stickers/site/signRef',
      'theirs',
      messages.server.stickerTaken,
    ],
    [
      'moving a free sticker here',
      '/api/stickers/site/signRef/move',
      'free',
      messages.server.stickerNotLinked,
    ],
  ] as const)(
    '%s with its right prefix number is refused as often as it is tried, never as a guess',
    async (_name, path, whose, message) => {
      const { b, freeSticker, attempt } = await workspace();
      const sticker = whose === 'free' ? freeSticker : b.sticker;
      const tryIt = attempt(path, sticker.signRef);
      const refused = await repeat(10, (i) => tryIt(sticker.prefixNo, `127.0.23.${i + 1}`));
      expect(statuses(refused)).toEqual([409]);
      const again = await tryIt(sticker.prefixNo, '127.0.23.1');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message });
    },
  );
});

describe('the sticker check before sign-up', () => {
  it('a right prefix number clears the address’s tries: a person who mistypes now and then is never kept waiting', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    const check = (prefixNo: string) =>
      call(t, 'POST', '/api/stickers/signref', {
        body: { signRef: sticker.signRef, prefixNo },
        remoteAddress: '127.0.24.1',
      });
    // Twice four typos and then the right number: without the clearing, its sixth try would wait.
    for (let round = 0; round < 2; round++) {
      const typos = await repeat(4, (i) => check(`TYPO000${i}`));
      expect(typos.map((res) => res.json().success)).toEqual([false, false, false, false]);
      expect((await check(sticker.prefixNo)).json()).toMatchObject({ success: true });
    }
  });
});
