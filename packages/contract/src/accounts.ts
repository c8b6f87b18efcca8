import { messages } from './messages';
import { withAddressPostcode } from './postcode';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, retentionMessages } from './retention';
import { isSingleLine, type Lines, singleLineMessage } from './single-line';
import { z } from './zod';

/** Sign reference: letters and digits in groups joined by hyphens, as printed on the sign. */
export const signRefSchema = z
  .string()
  .trim()
  .min(1, messages.signUp.signRefRequired)
  .max(40, 'A sign reference is at most 40 characters.')
  .refine(isSingleLine, singleLineMessage('A sign reference'))
  .transform((s) => s.toUpperCase());

/** Prefix number, e.g. AAA12345: always upper case. */
export const prefixNoSchema = z
  .string()
  .trim()
  .min(1, messages.signUp.prefixNoRequired)
  .max(20, 'A prefix number is at most 20 characters.')
  .refine(isSingleLine, singleLineMessage('A prefix number'))
  .transform((s) => s.toUpperCase());

/** Lookup key of a sign reference: hyphens, spaces and case forgiven. */
export function signRefKey(signRef: string): string {
  return signRef.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
/** Passwords longer than the hint are accepted (a passphrase is fine); this is the hard cap. */
export const PASSWORD_HARD_MAX = 128;

export const userNameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, messages.signUp.userNameTooShort)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters long.`)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may use letters, digits and . _ @ - only.');

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, messages.reset.passwordTooShort)
  .max(PASSWORD_HARD_MAX, `Password must be at most ${PASSWORD_HARD_MAX} characters long.`);

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'An email address is at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((s) => s.toLowerCase());

const text = (label: string, max: number, lines: Lines = 'one') => {
  const base = z
    .string()
    .trim()
    .min(1, messages.signUp.requiredField(label))
    .max(max, `${label} must be at most ${max} characters.`);
  return lines === 'one' ? base.refine(isSingleLine, singleLineMessage(label)) : base;
};
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(isSingleLine, singleLineMessage(label))
    .optional()
    .default('');

/** County as sent: any parenthesised nation label removed (SPEC.md section 5). */
export function stripParenthesised(value: string): string {
  return value.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
}

export const SITE_NAME_MAX = 100;
export const KEY_INFO_MAX = 2000;
/**
 * How many days the site's recorder keeps footage, as the operator says it: shown to the public
 * and used to warn visitors before their footage is overwritten, so never assumed.
 */
export const retentionDaysSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? retentionMessages.required
        : retentionMessages.wholeDays,
  })
  .int(retentionMessages.wholeDays)
  .min(RETENTION_DAYS_MIN, retentionMessages.min)
  .max(RETENTION_DAYS_MAX, retentionMessages.max);

export { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, retentionMessages, retentionText } from './retention';

// ---- POST /api/stickers/signref
export const stickerCheckBody = z.strictObject({ signRef: signRefSchema, prefixNo: prefixNoSchema });
export type StickerCheckBody = z.input<typeof stickerCheckBody>;
export const stickerRecord = z.object({
  id: z.number(),
  siteId: z.number().nullable(),
  prefixNo: z.string(),
});
export const stickerCheckReply = z.object({
  success: z.boolean(),
  message: z.string(),
  result: z.array(stickerRecord),
});
export type StickerCheckReply = z.infer<typeof stickerCheckReply>;

// ---- POST /api/users/add
/** The longest of sign-up's own details, in characters: the form shows them while they are typed. */
export const SIGN_UP_LIMITS = {
  companyName: 120,
  title: 20,
  firstname: 60,
  surname: 60,
  tel: 30,
} as const;

export const signUpBody = z
  .strictObject({
    companyName: text('Company Name', SIGN_UP_LIMITS.companyName),
    title: text('Title', SIGN_UP_LIMITS.title),
    firstname: text('First Name', SIGN_UP_LIMITS.firstname),
    surname: text('Surname', SIGN_UP_LIMITS.surname),
    address1: text('Address 1', 120),
    address2: optionalText('Address 2', 120),
    address3: optionalText('Address 3', 120),
    town: text('Town', 80),
    postcode: text('Postcode', 16),
    county: text('county', 80).transform(stripParenthesised),
    email: emailSchema,
    tel: text('Telephone', SIGN_UP_LIMITS.tel),
    userName: userNameSchema,
    password: newPasswordSchema,
    siteName: text('Site Name', SITE_NAME_MAX),
    keyInfo: text('Key Information', KEY_INFO_MAX, 'many'),
    signRef: signRefSchema,
    // Sent in addition to the spec's payload so the server re-checks the claim in the same
    // transaction (see docs/decisions): the sign reference alone is printed on the sign.
    prefixNo: prefixNoSchema,
    masterUser: z.literal(1),
    // Ours, optional so the spec's payload stays valid: left out, the site's retention is stored as
    // not stated and the workspace asks for it.
    retentionDays: retentionDaysSchema.optional(),
  })
  .transform(withAddressPostcode);
export type SignUpBody = z.input<typeof signUpBody>;
export const signUpReply = z.object({
  success: z.boolean(),
  message: z.string(),
  siteId: z.number().optional(),
  companyId: z.number().optional(),
  userId: z.number().optional(),
});
export type SignUpReply = z.infer<typeof signUpReply>;

// ---- PUT /api/stickers/{id}
export const stickerLinkBody = z.strictObject({
  siteId: z.number().int().positive(),
  companyId: z.number().int().positive(),
  userId: z.number().int().positive(),
  signRef: signRefSchema,
  siteName: z.string().trim().min(1).max(SITE_NAME_MAX).refine(isSingleLine, singleLineMessage('Site Name')),
  startDate: z.iso.datetime(),
  prefixNo: prefixNoSchema,
});
export type StickerLinkBody = z.input<typeof stickerLinkBody>;
/** The sticker as linked to its site (SPEC.md section 3). */
export const linkedSticker = z.object({
  id: z.number(),
  siteId: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  signRef: z.string(),
  siteName: z.string().nullable(),
  startDate: z.string(),
  prefixNo: z.string(),
});
export type LinkedSticker = z.infer<typeof linkedSticker>;

// ---- POST /api/users/login
export const loginBody = z.strictObject({
  userName: z.string().trim().min(1, messages.signIn.userNameRequired).max(254),
  password: z.string().min(1, messages.signIn.passwordRequired).max(PASSWORD_HARD_MAX),
});
export type LoginBody = z.input<typeof loginBody>;
export const loginReply = z.object({
  status: z.enum(['success', 'error']),
  token: z.string().optional(),
  message: z.string(),
});
export type LoginReply = z.infer<typeof loginReply>;

// ---- POST /api/users/user
export const userLookupBody = z.strictObject({ userName: z.string().trim().min(1).max(254) });
export const userLookupReply = z.object({ message: z.string(), confirmedAt: z.string().nullable() });
export type UserLookupReply = z.infer<typeof userLookupReply>;

// ---- GET /api/users/{id}, GET /api/users/confirmuser/{id}
export const userRecord = z.object({
  id: z.number(),
  userName: z.string(),
  confirmedAt: z.string().nullable(),
  masterUser: z.union([z.literal(0), z.literal(1)]),
  email: z.string().optional(),
  title: z.string().optional(),
  firstname: z.string().optional(),
  surname: z.string().optional(),
  tel: z.string().optional(),
  companyId: z.number().optional(),
});
export type UserRecord = z.infer<typeof userRecord>;
export const userReply = z.array(userRecord);
/** The largest id a row can have (PostgreSQL's integer). */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = `id must be a whole number from 1 to ${MAX_ID}, in digits`;
/**
 * An id in a path, written one way only: digits, no leading zero, at most MAX_ID. `01`, ` 1`
 * (`%201`), `0x10`, `1e1` and `1.0` are refused, not read as the number they spell, so one row
 * has one address (and one cache entry, one log line to search for).
 */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: ID_MESSAGE })
  .transform(Number)
  .refine((id) => id <= MAX_ID, { error: ID_MESSAGE });
/** The `:id` of every route that takes one. */
export const idParams = z.object({ id: idParam });
export const confirmQuery = z.object({ token: z.string().min(16).max(200) });

// ---- PUT /api/users/{id}
export const userUpdateBody = z.strictObject({
  confirmedAt: z.iso.datetime().optional(),
  /** The single-use token from the confirmation e-mail's link. */
  confirmToken: z.string().min(16).max(200).optional(),
  /** With confirmToken: the account's password, checked before anything is confirmed. */
  password: z.string().max(128).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;
export const userUpdateReply = z.object({ message: z.string(), confirmedAt: z.string().nullable() });
export type UserUpdateReply = z.infer<typeof userUpdateReply>;

// ---- POST /api/users/resend-confirmation (ours)
export const resendConfirmationBody = z.strictObject({ userName: z.string().trim().min(1).max(254) });

// ---- POST /api/users/forgot-password
export const forgotPasswordBody = z.strictObject({ email: emailSchema });
export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;

// ---- PUT /api/users/reset-password/ (Authorization: Bearer <reset token>)
export const resetPasswordBody = z.strictObject({
  userName: z.string().trim().min(1).max(254),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Claims of a session token (SPEC.md section 3: id, exp in seconds, userName). */
export interface SessionClaims {
  id: number;
  userName: string;
  exp: number;
}

// ---- Address lookup (our API in front of the provider)
export const ADDRESS_SEARCH_MIN = 3;
export const addressSuggestion = z.object({ address: z.string(), id: z.string() });
export const addressAutocompleteReply = z.object({ suggestions: z.array(addressSuggestion) });
export type AddressSuggestion = z.infer<typeof addressSuggestion>;
export const addressDetail = z.object({
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  town_or_city: z.string(),
  postcode: z.string(),
  county: z.string(),
});
export type AddressDetail = z.infer<typeof addressDetail>;
export const addressTermParams = z.object({
  term: z.string().trim().min(ADDRESS_SEARCH_MIN, messages.server.addressTermTooShort).max(100),
});
/**
 * A provider's address id: letters, digits and `+ / = _ -` (getAddress.io's are base64), never a
 * dot, so an id cannot be `..` and walk up the provider's path.
 */
const ADDRESS_ID_PATTERN = /^[A-Za-z0-9+/=_-]{1,200}$/;
export const addressIdParams = z.object({
  id: z.string().regex(ADDRESS_ID_PATTERN, messages.server.addressNotFound),
});

// ---- POST /api/admin/stickers (ours: the sticker CLI, loopback only, header x-admin-token)
export const STICKER_ISSUE_MAX = 10_000;
export const issueStickersBody = z.strictObject({ count: z.number().int().min(1).max(STICKER_ISSUE_MAX) });
export const issuedSticker = z.object({ signRef: z.string(), prefixNo: z.string() });
export type IssuedSticker = z.infer<typeof issuedSticker>;
export const issueStickersReply = z.object({ stickers: z.array(issuedSticker) });
