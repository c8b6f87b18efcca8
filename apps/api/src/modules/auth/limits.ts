import { signRefKey } from '@app/contract/accounts';
import { bodyEmail } from '../../lib/email-address';
import { bodyField, type FailureLimit, type RouteLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;

/**
 * Limits of the calls that guess at accounts, per client address and per account named in the
 * body. Generous enough for a person who mistypes, tight enough to make guessing pointless.
 */
export const accountLimits = {
  // Per account, only wrong guesses count (guessLimits.login, docs/decisions/0010), and browsers
  // that have not signed in to it take turns (sign-in-guard.ts, docs/decisions/0046).
  login: {
    name: 'login',
    perAddress: { max: 30, windowMs: 5 * MINUTE },
  },
  signUp: {
    name: 'sign-up',
    perAddress: { max: 20, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, account: bodyEmail('email') },
  },
  // Per sticker, only wrong prefix numbers count (guessLimits.stickerCheck).
  stickerCheck: {
    name: 'sticker-check',
    perAddress: { max: 30, windowMs: 5 * MINUTE },
  },
  // Per e-mail address, never a refusal (a stranger's requests would keep the owner from a link):
  // repeated requests mail the same live link, at most 5 times in 15 minutes (docs/decisions/0044).
  forgotPassword: {
    name: 'forgot-password',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
  },
  // Whether a user name or e-mail address is in use, only with a free sticker (docs/decisions/0045):
  // enough for one person leaving each field a few times, per address and per sticker.
  signUpCheck: {
    name: 'sign-up-check',
    perAddress: { max: 30, windowMs: 15 * MINUTE },
    perAccount: {
      max: 20,
      windowMs: 15 * MINUTE,
      account: (request) => {
        const signRef = bodyField('signRef')(request);
        return signRef && `sticker:${signRefKey(signRef)}`;
      },
    },
  },
  userLookup: {
    name: 'user-lookup',
    perAddress: { max: 60, windowMs: 5 * MINUTE },
    perAccount: { max: 30, windowMs: 5 * MINUTE, account: bodyField('userName') },
  },
  resendConfirmation: {
    name: 'resend-confirmation',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 5, windowMs: 15 * MINUTE, account: bodyField('userName') },
  },
  // PUT /api/users/{id}: confirming an account, or a signed-in user's own record.
  userUpdate: {
    name: 'user-update',
    perAddress: { max: 30, windowMs: 5 * MINUTE },
  },
  addressLookup: {
    name: 'address-lookup',
    perAddress: { max: 120, windowMs: 5 * MINUTE },
  },
} satisfies Record<string, RouteLimit>;

/**
 * Wrong guesses at a password or a prefix number, counted per account (or sticker) and address.
 * Only failures count, so guessing wrong never locks the owner out (docs/decisions/0010). At
 * sign-in these count only browsers without the account's device token, which besides take
 * turns per account wherever they are (docs/decisions/0046).
 */
export const guessLimits = {
  login: {
    name: 'login-guess',
    account: bodyField('userName'),
    perAddressAndAccount: { max: 5, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
  },
  // The sign reference is printed on the sign; the prefix number is what is being guessed.
  stickerCheck: {
    name: 'sticker-guess',
    account: (request) => {
      const signRef = bodyField('signRef')(request);
      return signRef && `sticker:${signRefKey(signRef)}`;
    },
    perAddressAndAccount: { max: 5, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
  },
} satisfies Record<string, FailureLimit>;
