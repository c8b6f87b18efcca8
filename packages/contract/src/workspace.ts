import {
  emailSchema,
  KEY_INFO_MAX,
  newPasswordSchema,
  prefixNoSchema,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  retentionDaysSchema,
  SITE_NAME_MAX,
  signRefSchema,
  stripParenthesised,
  userNameSchema,
} from './accounts';
import { withAddressPostcode } from './postcode';
import { isSingleLine, type Lines, singleLineMessage } from './single-line';
import { z } from './zod';

/** Limits shown in the workspace forms and enforced by the API. */
export const workspaceLimits = {
  siteName: SITE_NAME_MAX,
  keyInfo: KEY_INFO_MAX,
  addressLine: 120,
  town: 80,
  postcode: 16,
  county: 80,
  retentionDaysMin: RETENTION_DAYS_MIN,
  retentionDaysMax: RETENTION_DAYS_MAX,
  whoSees: 300,
  phone: 30,
  publishedAddress: 400,
  contactText: 500,
  companyName: 120,
  personName: 60,
  title: 20,
} as const;

/** A site is shown as possibly out of date when not confirmed for this many months. */
export const DETAILS_STALE_MONTHS = 13;

export const workspaceMessages = {
  siteSaved: 'Site saved.',
  siteAdded: 'Site added.',
  stickerAdded: 'Sign added to the site.',
  stickerMoved: 'Sign moved.',
  stickerRetired: 'Sign retired: it no longer shows your details.',
  stickerChanged:
    'This sign was changed at the same moment by someone else. Reload the page to see it as it is now, then try again.',
  contactSaved: 'Published contact details saved.',
  lastMaster: 'A company always keeps at least one master user.',
  cannotRemoveSelf: 'You cannot remove yourself here. Use "Delete my account" instead.',
  invitationSent: 'Invitation sent.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  invitationResent: (email: string) =>
    `Invitation sent again to ${email}. The link in the earlier mail no longer works.`,
  invitationCancelled: (email: string) => `Invitation to ${email} cancelled: its link no longer works.`,
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChangeSent: 'We have sent a confirmation link to your new e-mail address.',
  emailChanged: 'Your e-mail address has been changed.',
  emailChangeInvalid: 'This e-mail confirmation link is invalid or has expired.',
  emailChangeNeedsPassword: 'Please enter your current password to change your e-mail address.',
  emailChangeCancelled:
    'The change of your e-mail address has been cancelled and everyone using your account has been signed out. If you did not ask for the change, someone may know your password: choose a new one with "Forgot Password?".',
  emailCancelInvalid: 'This cancellation link is invalid or has expired.',
  accountDeleted: 'Your account has been deleted.',
  deleteConfirmWrong: 'Type DELETE to confirm.',
  detailsOutOfDate: 'details may be out of date',
  phoneToPublish: 'Enter the phone number to publish, or untick "Phone number".',
  emailToPublish: 'Enter the e-mail address to publish, or untick "E-mail address".',
  addressToPublish: 'Enter the postal address to publish, or untick "Postal address".',
  /** Adding a sticker that is already on a site of the company: where it is. */
  stickerOnYourSite: (siteName: string) => `This sticker is already on your site “${siteName}”.`,
  /** Said to a plain user, who may not move signs between sites. */
  stickerMoveAskMaster: 'A master user of your company can move it to this site.',
  stickerMovedHere: (from: string, to: string) => `Sign moved from “${from}” to “${to}”.`,
} as const;

/** The site named by workspaceMessages.stickerOnYourSite, so the form can offer to move the sticker. */
export function siteOfStickerOnYourSite(message: string): string | undefined {
  return /^This sticker is already on your site “(.*)”\.$/s.exec(message)?.[1];
}

const text = (label: string, max: number, lines: Lines = 'one') => {
  const base = z
    .string()
    .trim()
    .min(1, `Please fill out the required field: ${label}`)
    .max(max, `${label} must be at most ${max} characters.`);
  return lines === 'one' ? base.refine(isSingleLine, singleLineMessage(label)) : base;
};
const optional = (label: string, max: number, lines: Lines = 'one') => {
  const base = z.string().trim().max(max, `${label} must be at most ${max} characters.`);
  return (lines === 'one' ? base.refine(isSingleLine, singleLineMessage(label)) : base).default('');
};

// ---- Sites: POST /api/sites/add, PUT /api/sites/{id}
export const siteBody = z
  .strictObject({
    name: text('Site Name', workspaceLimits.siteName),
    address1: optional('Address 1', workspaceLimits.addressLine),
    address2: optional('Address 2', workspaceLimits.addressLine),
    address3: optional('Address 3', workspaceLimits.addressLine),
    town: optional('Town', workspaceLimits.town),
    postcode: optional('Postcode', workspaceLimits.postcode),
    county: optional('County', workspaceLimits.county).transform(stripParenthesised),
    keyInfo: text('Key Information', workspaceLimits.keyInfo, 'many'),
    // Required here: adding or editing a site is where the operator says it (null only from sign-up).
    retentionDays: retentionDaysSchema,
    whoSees: optional('Who sees the recordings', workspaceLimits.whoSees),
  })
  .transform(withAddressPostcode);
export type SiteBody = z.input<typeof siteBody>;

/** The address lines of a site or a company record, as stored. */
const postalAddress = {
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  town: z.string(),
  postcode: z.string(),
  county: z.string(),
};

export const siteRecord = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  ...postalAddress,
  keyInfo: z.string(),
  /** null: the operator has not said (a site made at sign-up without it). */
  retentionDays: z.number().nullable(),
  whoSees: z.string(),
  detailsConfirmedAt: z.string().nullable(),
  detailsOutOfDate: z.boolean(),
});
export type SiteRecord = z.infer<typeof siteRecord>;

export const siteSummary = siteRecord.extend({
  signCount: z.number(),
  lookups30Days: z.number(),
});
export type SiteSummary = z.infer<typeof siteSummary>;
export const siteListReply = z.array(siteSummary);

// ---- Stickers of a site
export const siteSticker = z.object({
  id: z.number(),
  siteId: z.number(),
  companyId: z.number(),
  signRef: z.string(),
  prefixNo: z.string(),
  siteName: z.string().nullable(),
  startDate: z.string(),
});
export type SiteSticker = z.infer<typeof siteSticker>;
export const siteStickersReply = z.array(siteSticker);

// POST /api/stickers/site/signRef
export const addSiteStickerBody = z.strictObject({
  siteId: z.number().int().positive(),
  signRef: signRefSchema,
  prefixNo: prefixNoSchema,
});
export type AddSiteStickerBody = z.input<typeof addSiteStickerBody>;

// POST /api/stickers/site/signRef/move: the sticker on another site of the company moves to this one
// (master users), told by its sign reference and prefix number as when it is added.
export const moveStickerHereBody = addSiteStickerBody;

// PUT /api/stickers/site/{id}: move to another site of the company, or retire.
export const changeSiteStickerBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('move'), siteId: z.number().int().positive() }),
  z.strictObject({ action: z.literal('retire') }),
]);
export type ChangeSiteStickerBody = z.input<typeof changeSiteStickerBody>;
export const changeSiteStickerReply = z.object({ message: z.string(), sticker: siteSticker.nullable() });

// ---- Published contact (master users)
export const publishedContact = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  relay: z.boolean(),
  contactText: z.string().nullable(),
});
export type PublishedContactView = z.infer<typeof publishedContact>;

const publicationFields = z.strictObject({
  showPhone: z.boolean(),
  showEmail: z.boolean(),
  showAddress: z.boolean(),
  showRelay: z.boolean(),
  phone: optional('Phone', workspaceLimits.phone),
  email: z.union([z.literal(''), emailSchema]).default(''),
  address: optional('Postal address', workspaceLimits.publishedAddress, 'many'),
  isHomeAddress: z.boolean().default(false),
  homeAddressConsent: z.boolean().default(false),
  contactText: optional('Contact text', workspaceLimits.contactText, 'many'),
});

/** A channel ticked for publication needs its value: a ticked but empty one would publish nothing. */
function publishedChannelsFilled(
  s: {
    showPhone: boolean;
    showEmail: boolean;
    showAddress: boolean;
    phone: string;
    email: string;
    address: string;
  },
  ctx: z.RefinementCtx,
) {
  const missing = (path: 'phone' | 'email' | 'address', message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (s.showPhone && !s.phone) missing('phone', workspaceMessages.phoneToPublish);
  if (s.showEmail && !s.email) missing('email', workspaceMessages.emailToPublish);
  if (s.showAddress && !s.address) missing('address', workspaceMessages.addressToPublish);
}

export const publicationSettings = publicationFields.superRefine(publishedChannelsFilled);
export type PublicationSettings = z.input<typeof publicationSettings>;
export type PublicationSettingsOut = z.output<typeof publicationSettings>;

export const publicationBody = publicationFields
  .extend({
    /** null: the company's settings; a site id: that site's own settings. */
    siteId: z.number().int().positive().nullable(),
  })
  .superRefine(publishedChannelsFilled);
export type PublicationBody = z.input<typeof publicationBody>;

/** The settings as stored (replies carry no transforms). */
export const publicationSettingsRecord = z.object({
  showPhone: z.boolean(),
  showEmail: z.boolean(),
  showAddress: z.boolean(),
  showRelay: z.boolean(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  isHomeAddress: z.boolean(),
  homeAddressConsent: z.boolean(),
  contactText: z.string(),
});
export type PublicationSettingsRecord = z.infer<typeof publicationSettingsRecord>;

export const publicationReply = z.object({
  company: z.object({ name: z.string(), settings: publicationSettingsRecord }),
  sites: z.array(
    z.object({
      siteId: z.number(),
      siteName: z.string(),
      /** null: the site follows the company's settings. */
      settings: publicationSettingsRecord.nullable(),
      preview: publishedContact,
      detailsOutOfDate: z.boolean(),
    }),
  ),
});
export type PublicationReply = z.infer<typeof publicationReply>;

// ---- Company and its users (master users)
export const companyRecord = z.object({
  id: z.number(),
  name: z.string(),
  ...postalAddress,
  tel: z.string(),
});
export type CompanyRecord = z.infer<typeof companyRecord>;
export const companyBody = z
  .strictObject({
    name: text('Company Name', workspaceLimits.companyName),
    address1: optional('Address 1', workspaceLimits.addressLine),
    address2: optional('Address 2', workspaceLimits.addressLine),
    address3: optional('Address 3', workspaceLimits.addressLine),
    town: optional('Town', workspaceLimits.town),
    postcode: optional('Postcode', workspaceLimits.postcode),
    county: optional('County', workspaceLimits.county).transform(stripParenthesised),
    tel: optional('Telephone', workspaceLimits.phone),
  })
  .transform(withAddressPostcode);
export type CompanyBody = z.input<typeof companyBody>;

export const companyUser = z.object({
  id: z.number(),
  userName: z.string(),
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  masterUser: z.union([z.literal(0), z.literal(1)]),
  confirmedAt: z.string().nullable(),
});
export type CompanyUser = z.infer<typeof companyUser>;
export const companyUsersReply = z.array(companyUser);

// POST /api/company/add: invite a user to the caller's company.
export const inviteBody = z.strictObject({ email: emailSchema });
export const companyUserUpdateBody = z.strictObject({ masterUser: z.union([z.literal(0), z.literal(1)]) });
export const invitationReply = z.object({ companyName: z.string(), email: z.string() });
/** An invitation of the company not yet accepted: listed for master users to send again or cancel. */
export const pendingInvitation = z.object({
  id: z.number(),
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** The link has run out: sending it again makes a new one. */
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;
export const pendingInvitationsReply = z.array(pendingInvitation);
/** After sending again or cancelling: what happened, and the list as it now is. */
export const pendingInvitationsChange = z.object({
  message: z.string(),
  invitations: pendingInvitationsReply,
});
export const acceptInvitationBody = z.strictObject({
  token: z.string().min(16).max(200),
  userName: userNameSchema,
  password: newPasswordSchema,
  firstname: optional('First Name', workspaceLimits.personName),
  surname: optional('Surname', workspaceLimits.personName),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;
export const tokenParams = z.object({ token: z.string().min(16).max(200) });

// ---- The user's own account
export const accountDetailsBody = z.strictObject({
  title: optional('Title', workspaceLimits.title),
  firstname: text('First Name', workspaceLimits.personName),
  surname: text('Surname', workspaceLimits.personName),
  tel: optional('Telephone', workspaceLimits.phone),
  email: emailSchema,
  /** Needed only when the e-mail address changes. */
  currentPassword: z.string().max(128).optional(),
});
export type AccountDetailsBody = z.input<typeof accountDetailsBody>;
export const accountDetails = z.object({
  id: z.number(),
  userName: z.string(),
  title: z.string(),
  firstname: z.string(),
  surname: z.string(),
  tel: z.string(),
  email: z.string(),
  /** An address waiting for its confirmation link to be used. */
  pendingEmail: z.string().nullable(),
  masterUser: z.union([z.literal(0), z.literal(1)]),
  companyId: z.number(),
  companyName: z.string(),
});
export type AccountDetails = z.infer<typeof accountDetails>;
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'Please enter your current password.').max(128),
  newPassword: newPasswordSchema,
});
export const confirmEmailBody = z.strictObject({ token: z.string().min(16).max(200) });
/** POST /api/account/email/cancel: the link in the mail to the old address. */
export const cancelEmailChangeBody = confirmEmailBody;
export const deleteAccountBody = z.strictObject({
  password: z.string().min(1, 'Please enter your password.').max(128),
  confirm: z.literal('DELETE', workspaceMessages.deleteConfirmWrong),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

// ---- GET /api/public/sign/{signRef}: a visitor's view of one sign (ours)
export const publicSignParams = z.object({ signRef: z.string().trim().min(1).max(40) });
export const publicSignReply = z.object({
  signRef: z.string(),
  operator: z.string(),
  site: z.string(),
  detailsOutOfDate: z.boolean(),
  contact: publishedContact,
});
export type PublicSignReply = z.infer<typeof publicSignReply>;
