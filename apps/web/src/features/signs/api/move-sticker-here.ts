import { type AddSiteStickerBody, changeSiteStickerReply } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

/** The sticker on another site of the company, moved to this one (master users). */
export const moveStickerHere = (body: AddSiteStickerBody) =>
  api.post('/api/stickers/site/signRef/move', body, { schema: changeSiteStickerReply });
