import { brandById } from '@app/brands';
import {
  type ContactReply,
  contactMessages,
  partnershipDataSchema,
  partnershipFieldLabels,
  partnershipFieldNames,
} from '@app/contract/contact';
import type { Db } from '../../db/db';
import type { FormParts } from '../contact/form-parts';
import { acknowledgementMail, staffMail } from '../contact/mails';
import { checkSenderLimit, parseFields } from '../contact/service';
import { storeMessage } from '../contact/store';

/**
 * POST /api/partner/send-partnership-email: an application to the partnership programme, for the
 * register's own staff whichever site it came from. Same guarantees as the contact form.
 */
export async function sendPartnershipApplication(deps: { db: Db }, parts: FormParts): Promise<ContactReply> {
  const fields = parseFields(partnershipDataSchema, parts.data);
  await checkSenderLimit(deps.db, 'partnership-form', fields.email ?? '');
  const signs = brandById('signs');
  const senderName = fields.name ?? '';
  const senderEmail = fields.email ?? '';
  const shown = partnershipFieldNames.filter((name) => name !== 'confirmEmail');

  const reference = await storeMessage(deps, {
    kind: 'partnership',
    brand: signs.id,
    senderName,
    senderEmail,
    fields,
    files: parts.files,
    staffMail: (ref) =>
      staffMail({
        brand: signs,
        formName: 'the partnership form',
        to: signs.mail.staffAddress,
        reference: ref,
        senderName,
        senderEmail,
        subject: `Partnership application: ${fields.companyName} (${fields.partnerType})`,
        fields: shown.map((name) => [partnershipFieldLabels[name], fields[name] ?? '']),
        files: parts.files,
      }),
    acknowledgement: (ref) =>
      acknowledgementMail({
        brand: signs,
        to: senderEmail,
        reference: ref,
        what: 'application',
      }),
  });
  return { message: contactMessages.partnershipSent(reference), reference };
}
