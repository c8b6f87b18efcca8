import type { LinkedSticker, StickerCheckReply, stickerLinkBody } from '@app/contract/accounts';
import { signRefKey } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import type { z } from 'zod';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import type { AuthUser } from '../users/repository';
import { findStickerById, findStickerBySignRef, toLinkedSticker } from './repository';

/**
 * Step 1 of sign-up: is there a free sticker with this sign reference and prefix number? A wrong
 * prefix number is answered like an unknown sticker, so the answer does not help guess it.
 */
export async function checkSticker(
  q: Queryable,
  body: { signRef: string; prefixNo: string },
): Promise<StickerCheckReply> {
  const sticker = await findStickerBySignRef(q, body.signRef);
  if (!sticker || sticker.prefix_no !== body.prefixNo) {
    return { success: false, message: messages.server.stickerNotFound, result: [] };
  }
  const result = [{ id: sticker.id, siteId: sticker.site_id, prefixNo: sticker.prefix_no }];
  if (sticker.site_id !== null) return { success: false, message: messages.server.stickerTaken, result };
  return { success: true, message: messages.server.stickerFound, result };
}

/**
 * PUT /api/stickers/{id} after sign-up. Sign-up has linked the sticker already (in its own
 * transaction, docs/decisions/0002), so this confirms that link and changes nothing: the sticker
 * must be linked to that site of the caller's company, with that sign reference and prefix number.
 */
export async function confirmStickerLink(
  q: Queryable,
  user: AuthUser,
  id: number,
  body: z.output<typeof stickerLinkBody>,
): Promise<LinkedSticker> {
  const sticker = await findStickerById(q, id);
  if (!sticker || (sticker.company_id !== null && sticker.company_id !== user.companyId)) {
    throw new HttpError(404, messages.server.notFound);
  }
  const linked = toLinkedSticker(sticker);
  if (!linked) throw new HttpError(409, messages.server.stickerNotLinked);
  if (signRefKey(sticker.sign_ref) !== signRefKey(body.signRef) || sticker.prefix_no !== body.prefixNo) {
    throw new HttpError(409, messages.server.stickerMismatch);
  }
  if (linked.siteId !== body.siteId || linked.companyId !== body.companyId) {
    throw new HttpError(409, messages.server.stickerOtherSite);
  }
  return linked;
}
