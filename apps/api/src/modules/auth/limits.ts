import { signRefKey } from '@app/contract/accounts';
import { bodyEmail } from '../../lib/email-address';
import { bodyField, type RouteLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;

/**
 * Limits of the calls that guess at accounts, per client address and per account named in the
 * body. Generous enough for a person who mistypes, tight enough to make guessing pointless.
 */
export const accountLimits = {
  login: {
    name: 'login',
    perAddress: { max: 30, windowMs: 5 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, account: bodyField('userName') },
  },
  signUp: {
    name: 'sign-up',
    perAddress: { max: 20, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE, account: bodyEmail('email') },
  },
  stickerCheck: {
    name: 'sticker-check',
    perAddress: { max: 30, windowMs: 5 * MINUTE },
    // The sign reference is printed on the sign; the prefix number is what is being guessed.
    perAccount: {
      max: 10,
      windowMs: 15 * MINUTE,
      account: (request) => {
        const signRef = bodyField('signRef')(request);
        return signRef && `sticker:${signRefKey(signRef)}`;
      },
    },
  },
  forgotPassword: {
    name: 'forgot-password',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 5, windowMs: 15 * MINUTE, account: bodyEmail('email') },
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
  addressLookup: {
    name: 'address-lookup',
    perAddress: { max: 120, windowMs: 5 * MINUTE },
  },
} satisfies Record<string, RouteLimit>;
