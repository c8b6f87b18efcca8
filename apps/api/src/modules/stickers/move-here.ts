import { messages } from '@app/contract/messages';
import {
  type changeSiteStickerReply,
  type moveStickerHereBody,
  workspaceMessages,
} from '@app/contract/workspace';
import type { z } from 'zod';
import type { Db } from '../../db/db';
import type { AuthUser } from '../../lib/auth-user';
import { HttpError } from '../../lib/http-error';
import { findCompanySite } from '../sites/repository';
import { stickerOnYourSite } from './on-your-site';
import { lockStickerBySignRef, moveSticker } from './repository';
import { toSiteSticker } from './service';

/**
 * Moves the sticker told by its sign reference and prefix number from another site of the
 * company to this one, in one transaction with the sticker's row locked (a claim, move or
 * retirement of it at the same moment waits). Only a sticker already on one of the company's
 * sites moves: anyone else's stays theirs, and a wrong prefix number is answered as for adding.
 */
export function moveStickerHere(
  db: Db,
  user: AuthUser,
  b: z.output<typeof moveStickerHereBody>,
): Promise<z.output<typeof changeSiteStickerReply>> {
  return db.transaction(async (tx) => {
    const site = await findCompanySite(tx, user.companyId, b.siteId);
    if (!site) throw new HttpError(404, messages.server.notFound);
    const sticker = await lockStickerBySignRef(tx, b.signRef);
    if (!sticker || sticker.prefix_no !== b.prefixNo)
      throw new HttpError(400, messages.server.stickerNotFound);
    if (sticker.company_id !== user.companyId || sticker.site_id === null) {
      throw new HttpError(409, messages.server.stickerNotLinked);
    }
    if (sticker.site_id === site.id) throw await stickerOnYourSite(tx, user.companyId, sticker);
    const from = await findCompanySite(tx, user.companyId, sticker.site_id);
    const row = await moveSticker(tx, {
      stickerId: sticker.id,
      siteId: site.id,
      siteName: site.name,
      companyId: user.companyId,
    });
    if (!row) throw new HttpError(409, workspaceMessages.stickerChanged);
    return {
      message: workspaceMessages.stickerMovedHere(from?.name ?? sticker.site_name ?? '', site.name),
      sticker: toSiteSticker(row),
    };
  });
}
