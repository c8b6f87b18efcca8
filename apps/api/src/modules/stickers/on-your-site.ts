import { workspaceMessages } from '@app/contract/workspace';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { findCompanySite } from '../sites/repository';
import type { StickerRow } from './repository';

/**
 * The refusal of a sticker that is already on a site of the caller's company: it says which site
 * (by its name now), so the operator knows where the sign is and can move it (issue 36).
 */
export async function stickerOnYourSite(
  q: Queryable,
  companyId: number,
  sticker: StickerRow,
): Promise<HttpError> {
  const site = sticker.site_id === null ? undefined : await findCompanySite(q, companyId, sticker.site_id);
  return new HttpError(409, workspaceMessages.stickerOnYourSite(site?.name ?? sticker.site_name ?? ''));
}
