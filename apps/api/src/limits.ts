import { signRefKey } from '@app/contract/accounts';
import type { FastifyRequest } from 'fastify';
import { bodyEmail } from './lib/email-address';
import { bodyField, type FailureLimit, type LimitWindow, type RouteLimit } from './plugins/rate-limit';

// The API's rate limits in one table (issue 34): each one's name, window and what it counts (per
// client address, per account, per mailbox), and whether it counts in this instance's memory
// (`inMemory`, docs/decisions/0023) or in the database, shared by every instance. The routes and
// services import their limit from here; plugins/rate-limit.ts enforces them.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The signed-in user a request comes from (for `perAccount.account`). */
const signedInUser = (request: FastifyRequest) => request.auth?.user.userName;
/** The request reference in the path of a visitor's private link (for `perAccount.account`). */
const referenceOf = (request: FastifyRequest) => (request.params as { reference?: string }).reference;

/** Tries at the current password: sign-in and the signed-in calls that ask for it again. */
const PASSWORD_TRIES = { max: 30, windowMs: 5 * MINUTE };

/**
 * Limits of the calls that guess at accounts, per client address and per account named in the
 * body. Generous enough for a person who mistypes, tight enough to make guessing pointless.
 */
export const accountLimits = {
  // Per account, only wrong guesses count (guessLimits.login, docs/decisions/0010), and browsers
  // that have not signed in to it take turns (sign-in-guard.ts, docs/decisions/0046).
  login: {
    name: 'login',
    perAddress: PASSWORD_TRIES,
  },
  // The signed-in calls that check the current password count like sign-in, each on its own.
  accountDetails: { name: 'account-details', perAddress: PASSWORD_TRIES },
  passwordChange: { name: 'password-change', perAddress: PASSWORD_TRIES },
  accountDelete: { name: 'account-delete', perAddress: PASSWORD_TRIES },
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

/**
 * Generous for a person, tight enough that walking the register page by page is pointless. The
 * look-ups are public reads, counted in memory per instance; recording one writes, and counts in
 * the database.
 */
export const lookupLimits = {
  search: { name: 'lookup-search', perAddress: { max: 60, windowMs: MINUTE }, inMemory: true },
  record: { name: 'search-record', perAddress: { max: 120, windowMs: MINUTE } },
} satisfies Record<string, RouteLimit>;

/**
 * Limits of the forms that send mail. Per client address before the body is read, so a flood
 * costs no uploads; per sender address once the fields are read, so the acknowledgement cannot
 * be used to fill a stranger's inbox.
 */
export const formLimits = {
  contact: {
    name: 'contact-form',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
  },
  partnership: {
    name: 'partnership-form',
    perAddress: { max: 5, windowMs: 15 * MINUTE },
  },
} satisfies Record<string, RouteLimit>;

/** A printable sign is drawn afresh each time: rendering costs far more than a look-up. */
export const printLimit = {
  name: 'sign-print',
  perAddress: { max: 20, windowMs: MINUTE },
} satisfies RouteLimit;

/** The request desk (modules/requests): the visitor's form and private link, the operator's desk. */
export const requestLimits = {
  // A few requests an hour from one address, or from one e-mail address, is plenty for a person.
  intake: {
    name: 'relay',
    perAddress: { max: 5, windowMs: HOUR },
    perAccount: { max: 5, windowMs: HOUR, account: bodyEmail('email') },
  },
  // Reading one's own private page: generous, counted in memory (a read writes nothing).
  visitorRead: {
    name: 'request-link-read',
    perAddress: { max: 60, windowMs: MINUTE },
    inMemory: true,
  },
  // The visitor's messages, answers and uploads each tell the operator by mail: per address and
  // per request.
  visitorWrite: {
    name: 'request-link-write',
    perAddress: { max: 20, windowMs: HOUR },
    perAccount: { max: 20, windowMs: HOUR, account: referenceOf },
  },
  // The operator's actions that mail the visitor (a decision on an official's request too): per
  // address and per user.
  deskWrite: {
    name: 'request-desk-write',
    perAddress: { max: 120, windowMs: HOUR },
    perAccount: { max: 120, windowMs: HOUR, account: signedInUser },
  },
  // An official's request, counted per client address before a byte of the body is read; its
  // e-mail address is counted once the fields are (officialRequestMails).
  official: {
    name: 'official-request',
    perAddress: { max: 5, windowMs: HOUR },
  },
} satisfies Record<string, RouteLimit>;

/** As the visitor's form: a few official requests an hour to one mailbox is plenty for a person. */
export const officialRequestMails = { max: 5, windowMs: HOUR } satisfies LimitWindow;

/** The disclosures (modules/disclosures): the operator's work on clips, the visitor's download. */
export const disclosureLimits = {
  // Stills run ffmpeg: per address and per user, enough for picking frames by hand.
  still: {
    name: 'disclosure-still',
    perAddress: { max: 240, windowMs: HOUR },
    perAccount: { max: 240, windowMs: HOUR, account: signedInUser },
  },
  // A release mails the visitor: per address and per user.
  release: {
    name: 'disclosure-release',
    perAddress: { max: 60, windowMs: HOUR },
    perAccount: { max: 60, windowMs: HOUR, account: signedInUser },
  },
  visitorRead: {
    name: 'disclosure-read',
    perAddress: { max: 60, windowMs: MINUTE },
    inMemory: true,
  },
  // Each code is a mail to the request's address: per client address and per request (one
  // address each).
  code: {
    name: 'disclosure-code',
    perAddress: { max: 5, windowMs: HOUR },
    perAccount: { max: 5, windowMs: HOUR, account: referenceOf },
  },
  // Tries at a code: each code dies after 5 wrong ones; this bounds the tries across new codes too.
  grant: {
    name: 'disclosure-grant',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 20, windowMs: HOUR, account: referenceOf },
  },
  // A phone resuming a download asks again and again; reads count in memory.
  download: {
    name: 'disclosure-download',
    perAddress: { max: 600, windowMs: HOUR },
    inMemory: true,
  },
} satisfies Record<string, RouteLimit>;

/** Messages one sender address may send in an hour, whatever the client address. */
export const perSenderLimit = { max: 5, windowMs: 60 * MINUTE };

/** Each link is a mail sent: a few per person, enough for someone choosing between messages. */
export const downloadLinkLimit: RouteLimit = {
  name: 'download-link',
  perAddress: { max: 20, windowMs: 15 * MINUTE },
  perAccount: { max: 10, windowMs: 60 * MINUTE, account: bodyField('email') },
};

/**
 * Invitations send mail: a few an hour from one address or one inviting user, and a few a day to
 * one mailbox (however its address is spelt), so the workspace cannot be used to fill an inbox.
 */
export const invitationLimits = {
  request: {
    name: 'invitation',
    perAddress: { max: 20, windowMs: HOUR },
    perAccount: {
      max: 10,
      windowMs: HOUR,
      account: (request) => (request.auth?.kind === 'session' ? `user:${request.auth.user.id}` : undefined),
    },
  } satisfies RouteLimit,
  recipient: { max: 3, windowMs: 24 * HOUR } satisfies LimitWindow,
};

/**
 * Public calls that try a secret from a mailed link (an e-mail change's confirm and cancel, an
 * invitation): per address, in memory, so a flood of guesses is refused before any database work
 * (a try at a link is otherwise a write). A person opens such a link a few times at most.
 */
export const tokenLinkLimit = {
  name: 'token-link',
  perAddress: { max: 10, windowMs: 15 * MINUTE },
  inMemory: true,
} satisfies RouteLimit;

/** E-mail changes send two mails each: at most this many per account, and per new address, an hour. */
export const EMAIL_CHANGE_MAILS = { perAccount: 5, perAddress: 5, windowMs: HOUR };

/**
 * The mails of one live reset link a user's address gets in 15 minutes: repeated requests beyond
 * them are answered the same and mail nothing (the inbox already holds that working link).
 * A new link, when none is live, is always mailed (docs/decisions/0044).
 */
export const RESET_LINK_MAILS = { max: 5, windowMs: 15 * MINUTE };

/**
 * A look-up is counted in its sign's figures once per client address an hour; repeats are answered
 * and not counted (docs/decisions/0014). Not a refusal: the count that decides what is recorded.
 */
export const SEARCH_COUNTED_ONCE = { max: 1, windowMs: HOUR };

/**
 * Public GET routes that name no limit of their own (content, catalogue, media, the web app's
 * pages) count against this one, in memory. app.ts hands it to the hook that applies it.
 */
export const publicReadLimit = {
  name: 'public-read',
  perAddress: { max: 300, windowMs: MINUTE },
  inMemory: true,
} satisfies RouteLimit;
