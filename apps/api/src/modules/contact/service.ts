import type { BrandConfig } from '@app/brands';
import {
  type ContactReply,
  contactDataSchema,
  contactFieldLabels,
  contactFieldsShown,
  contactMessages,
} from '@app/contract/contact';
import type { ZodType } from 'zod';
import type { Db, Queryable } from '../../db/db';
import { limitMailTo } from '../../lib/email-address';
import { HttpError } from '../../lib/http-error';
import { perSenderLimit } from '../../limits';
import type { FormParts } from './form-parts';
import { acknowledgementMail, staffMail } from './mails';
import { storeMessage } from './store';

/** The fields of a form's `data` part, or a 400 with the first problem's message. */
export function parseFields(schema: ZodType<Record<string, string>>, data: unknown): Record<string, string> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new HttpError(400, result.error.issues[0]?.message ?? contactMessages.dataNotJson);
  return result.data;
}

/** 429 once one sender address has sent too many messages through a form this hour. */
export function checkSenderLimit(db: Queryable, form: string, email: string): Promise<void> {
  return limitMailTo(db, form, email, perSenderLimit);
}

/**
 * POST /api/contact-us: checks the fields against the brand's form (`contactUsDetails.fields`)
 * and the files against its rules, then stores the message and queues the staff mail (with the
 * files) and the sender's acknowledgement.
 */
export async function sendContactMessage(
  deps: { db: Db },
  brand: BrandConfig,
  parts: FormParts,
): Promise<ContactReply> {
  const rules = brand.contactUsDetails.fields;
  const fields = parseFields(contactDataSchema(rules), parts.data);
  if (parts.files.length > 0 && !rules.file) throw new HttpError(400, contactMessages.noAttachments);
  if (parts.files.length === 0 && rules.file === 'required') {
    throw new HttpError(400, contactMessages.requiredField(contactFieldLabels.file));
  }

  const senderEmail = fields.email ?? '';
  await checkSenderLimit(deps.db, 'contact-form', senderEmail);
  const personName = [fields.firstName, fields.lastName].filter(Boolean).join(' ') || fields.name || '';
  const senderName = personName || fields.companyName || fields.company || 'Someone';
  const shown = contactFieldsShown(rules).filter((name) => name !== 'file' && name !== 'confirmEmail');

  const reference = await storeMessage(deps, {
    kind: 'contact',
    brand: brand.id,
    senderName,
    senderEmail,
    fields,
    files: parts.files,
    staffMail: (ref) =>
      staffMail({
        brand,
        formName: 'the contact form',
        to: brand.mail.staffAddress,
        reference: ref,
        senderName,
        senderEmail,
        subject: `${brand.name} contact form: ${fields.subject || fields.forAttentionOf || 'message'} from ${senderName}`,
        fields: shown.map((name) => [contactFieldLabels[name], fields[name] ?? '']),
        files: parts.files,
      }),
    ...(senderEmail
      ? {
          acknowledgement: (ref: string) =>
            acknowledgementMail({
              brand,
              to: senderEmail,
              reference: ref,
              what: 'message',
            }),
        }
      : {}),
  });
  return { message: contactMessages.sent(reference), reference };
}
