import { codeSentReply } from '@app/contract/disclosure-release';
import { api } from '../../../lib/api-client';
import { visitorDisclosurePath, visitorOptions } from './visitor-disclosures';

/** POST …/disclosures/{d}/code: a one-time code mailed to the request's address (earlier ones stop working). */
export function sendCode(reference: string, key: string, disclosureId: number) {
  return api.post(
    `${visitorDisclosurePath(reference, disclosureId)}/code`,
    {},
    {
      schema: codeSentReply,
      ...visitorOptions(key),
    },
  );
}
