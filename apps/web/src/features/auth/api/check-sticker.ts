import { type StickerCheckBody, stickerCheckReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** POST /api/stickers/signref: is there a free sticker with this sign reference and prefix number? */
export function checkSticker(body: StickerCheckBody) {
  return api.post('/api/stickers/signref', body, { schema: stickerCheckReply });
}
