import { grantReply } from '@app/contract/disclosure-release';
import { api } from '../../../lib/api-client';
import { visitorDisclosurePath, visitorOptions } from './visitor-disclosures';

/**
 * POST …/disclosures/{d}/grant: the mailed code exchanged for a download grant. The server sets it
 * as an httpOnly cookie scoped to this disclosure's downloads, so plain links (which a phone's
 * browser can resume) carry it; the page only learns until when it works.
 */
export function openDownloads(reference: string, key: string, disclosureId: number, code: string) {
  return api.post(
    `${visitorDisclosurePath(reference, disclosureId)}/grant`,
    { code },
    {
      schema: grantReply,
      ...visitorOptions(key),
    },
  );
}
