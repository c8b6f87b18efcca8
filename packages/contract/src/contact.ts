import { messages } from './messages';
import { addressPostcode, isUkCountry } from './postcode';
import { isSingleLine, type Lines, singleLineMessage } from './single-line';
import { z } from './zod';

/** Every field a contact-us form can carry (SPEC.md section 3, "Contact form fields"). */
export const contactFieldNames = [
  'firstName',
  'lastName',
  'enduserTrade',
  'company',
  'forAttentionOf',
  'landlinePhone',
  'mobilePhone',
  'email',
  'confirmEmail',
  'address1',
  'address2',
  'address3',
  'town',
  'postCode',
  'country',
  'message',
  'serial_no',
  'file',
  'companyName',
  'name',
  'subject',
] as const;

export type ContactFieldName = (typeof contactFieldNames)[number];

export const forAttentionOfOptions = ['Sales', 'Support', 'Accounts', 'Director', 'Buyer'] as const;
export const enduserTradeOptions = ['Enduser', 'Trade'] as const;

/** Which fields a brand's form shows, and whether each must be filled in. */
export type ContactFieldRules = Partial<Record<ContactFieldName, 'required' | 'optional'>>;

/** The label of each field, on screen and in the "required field" message. */
export const contactFieldLabels: Record<ContactFieldName, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  enduserTrade: 'End user or trade',
  company: 'Company',
  forAttentionOf: 'For the attention of',
  landlinePhone: 'Landline',
  mobilePhone: 'Mobile',
  email: 'Email',
  confirmEmail: 'Confirm Email',
  address1: 'Address 1',
  address2: 'Address 2',
  address3: 'Address 3',
  town: 'Town/City',
  postCode: 'Post Code',
  country: 'Country',
  message: 'Message',
  serial_no: 'Serial number',
  file: 'Attachment',
  companyName: 'Company Name',
  name: 'Name',
  subject: 'Subject',
};

/** What a visitor may type into each field: the longest value accepted. */
const maxLength: Record<Exclude<ContactFieldName, 'file'>, number> = {
  firstName: 100,
  lastName: 100,
  enduserTrade: 20,
  company: 200,
  forAttentionOf: 20,
  landlinePhone: 40,
  mobilePhone: 40,
  email: 254,
  confirmEmail: 254,
  address1: 200,
  address2: 200,
  address3: 200,
  town: 100,
  postCode: 20,
  country: 100,
  message: 5000,
  serial_no: 100,
  companyName: 200,
  name: 200,
  subject: 200,
};

// ---- Attachments (the `uploadFile` parts of POST /api/contact-us and the partnership form)

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 3;
/** The file picker's filter; the server decides by the file's first bytes, not its name. */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,application/pdf,image/jpeg';

export type UploadKind = 'pdf' | 'jpeg';

/** PDF or JPEG by magic bytes (`%PDF-`, `FF D8 FF`), whatever the name or declared type says. */
export function detectUploadKind(head: Uint8Array): UploadKind | undefined {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  return undefined;
}

export const uploadContentType: Record<UploadKind, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg' };

/** Messages of the contact and partnership forms, the same on screen and from the API. */
export const contactMessages = {
  requiredField: messages.signUp.requiredField,
  emailsDoNotMatch: messages.signUp.emailsDoNotMatch,
  invalidEmail: 'Please enter a valid email address.',
  notText: (label: string) => `${label} must be text.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  chooseOne: (label: string, options: readonly string[]) => `${label} must be one of: ${options.join(', ')}.`,
  unknownFields: (keys: readonly string[]) =>
    `This form has no field called ${keys.map((k) => `"${k}"`).join(', ')}.`,
  fileType: (name: string) => `"${name}" is not a PDF or JPG file. Only PDF and JPG files can be attached.`,
  fileTooLarge: (name: string) => `"${name}" is larger than 10 MB. Please attach a smaller file.`,
  fileEmpty: (name: string) => `"${name}" is empty. Please choose the file again.`,
  tooManyFiles: `You can attach at most ${UPLOAD_MAX_FILES} files.`,
  noAttachments: 'This form does not take attachments.',
  notMultipart: 'Please send the form as multipart/form-data: the fields as JSON in a part called data.',
  dataMissing: 'The form fields are missing: send them as JSON in a part called data.',
  dataNotJson: 'The form fields could not be read: the data part must be a JSON object.',
  formUnreadable: 'The form could not be read: it was cut short or is not well-formed multipart/form-data.',
  unexpectedPart: (name: string) =>
    `The form has no part called "${name}": send the fields as data and files as uploadFile.`,
  sent: (reference: string) =>
    `Thank you, your message has been sent. Your reference is ${reference}. We have sent a confirmation to your email address.`,
  partnershipSent: (reference: string) =>
    `Thank you, your application has been sent. Your reference is ${reference}. We have sent a confirmation to your email address.`,
  sendFailed: 'Your message could not be sent. Please try again.',
} as const;

// ---- The fields (the `data` part)

const text = (label: string, max: number, required: boolean, lines: Lines = 'one') => {
  const trimmed = z
    .string({
      error: (issue) =>
        issue.input === undefined ? contactMessages.requiredField(label) : contactMessages.notText(label),
    })
    .trim()
    .max(max, contactMessages.tooLong(label, max));
  const base = lines === 'one' ? trimmed.refine(isSingleLine, singleLineMessage(label)) : trimmed;
  return required ? base.min(1, contactMessages.requiredField(label)) : base.optional().default('');
};

const choice = (label: string, options: readonly string[], required: boolean) =>
  text(label, 100, required).refine((value) => value === '' || options.includes(value), {
    message: contactMessages.chooseOne(label, options),
  });

const email = (label: string, required: boolean) =>
  text(label, maxLength.email, required).refine(
    (value) => value === '' || z.email().safeParse(value).success,
    {
      message: contactMessages.invalidEmail,
    },
  );

function fieldSchema(name: Exclude<ContactFieldName, 'file'>, required: boolean) {
  const label = contactFieldLabels[name];
  switch (name) {
    case 'enduserTrade':
      return choice(label, enduserTradeOptions, required);
    case 'forAttentionOf':
      return choice(label, forAttentionOfOptions, required);
    case 'email':
    case 'confirmEmail':
      return email(label, required);
    case 'message':
      return text(label, maxLength[name], required, 'many');
    default:
      return text(label, maxLength[name], required);
  }
}

type Fields = Record<string, string>;

const sameEmails = (data: Fields) =>
  !data.email || !data.confirmEmail || data.email.toLowerCase() === data.confirmEmail.toLowerCase();

/** A strict object: a field the form does not have is refused, with its name in the message. */
function strictFields(shape: Record<string, z.ZodType<string, unknown>>) {
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? contactMessages.unknownFields(issue.keys) : undefined,
    })
    .refine(sameEmails, { message: contactMessages.emailsDoNotMatch, path: ['confirmEmail'] });
}

/**
 * The contact form's fields for a brand (`contactUsDetails.fields`), as sent in the `data` part:
 * only the brand's fields, required ones filled in, e-mails valid and matching when both are
 * shown. `file` is not a data field: files come as `uploadFile` parts. The form and the API
 * both check with this schema.
 */
export function contactDataSchema(rules: ContactFieldRules) {
  const shape: Record<string, z.ZodType<string, unknown>> = {};
  for (const name of contactFieldNames) {
    const rule = rules[name];
    if (!rule || name === 'file') continue;
    shape[name] = fieldSchema(name, rule === 'required');
  }
  // The Post Code as stored: normalised for a UK address (no Country, or the UK named), else trimmed.
  return strictFields(shape).transform((data) =>
    data.postCode === undefined
      ? data
      : { ...data, postCode: addressPostcode(data.postCode, isUkCountry(data.country ?? '')) },
  );
}

/** The fields of a brand's form in display order, `file` included. */
export function contactFieldsShown(rules: ContactFieldRules): ContactFieldName[] {
  return contactFieldNames.filter((name) => rules[name] !== undefined);
}

// ---- POST /api/partner/send-partnership-email

export const partnerTypeOptions = [
  'CCTV installer',
  'Security company',
  'Sign maker or printer',
  'Facilities or managing agent',
  'Other',
] as const;

export const partnershipFieldNames = [
  'companyName',
  'name',
  'email',
  'confirmEmail',
  'phone',
  'partnerType',
  'website',
  'message',
] as const;
export type PartnershipFieldName = (typeof partnershipFieldNames)[number];

export const partnershipFieldLabels: Record<PartnershipFieldName, string> = {
  companyName: 'Company Name',
  name: 'Contact Name',
  email: 'Email',
  confirmEmail: 'Confirm Email',
  phone: 'Telephone',
  partnerType: 'Type of partner',
  website: 'Website',
  message: 'About your business',
};

/** The partnership form's fields: company, contact, what kind of partner and a message. */
export const partnershipDataSchema = strictFields({
  companyName: text(partnershipFieldLabels.companyName, 200, true),
  name: text(partnershipFieldLabels.name, 200, true),
  email: email(partnershipFieldLabels.email, true),
  confirmEmail: email(partnershipFieldLabels.confirmEmail, true),
  phone: text(partnershipFieldLabels.phone, 40, false),
  partnerType: choice(partnershipFieldLabels.partnerType, partnerTypeOptions, true),
  website: text(partnershipFieldLabels.website, 200, false),
  message: text(partnershipFieldLabels.message, 5000, true, 'many'),
});

/** What both forms answer on success. */
export const contactReply = z.object({ message: z.string(), reference: z.string() });
export type ContactReply = z.infer<typeof contactReply>;
