import { type ChangeSiteStickerBody, changeSiteStickerReply } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const changeSiteSticker = (id: number, body: ChangeSiteStickerBody) =>
  api.put(`/api/stickers/site/${id}`, body, { schema: changeSiteStickerReply });
