import { type ContactReply, contactReply } from '@app/contract/contact';
import { api } from '../../../lib/api-client';

export const contactUsPath = '/api/contact-us';
export const partnershipPath = '/api/partner/send-partnership-email';

/**
 * POST /api/contact-us or /api/partner/send-partnership-email: multipart, the fields as JSON in
 * `data` and each file as an `uploadFile` part.
 */
export function sendForm(
  path: string,
  fields: Record<string, string>,
  files: readonly File[],
): Promise<ContactReply> {
  const body = new FormData();
  body.append('data', JSON.stringify(fields));
  for (const file of files) body.append('uploadFile', file, file.name);
  return api.post(path, body, { schema: contactReply });
}
