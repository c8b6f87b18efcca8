import { type AddSiteStickerBody, siteSticker } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const addSiteSticker = (body: AddSiteStickerBody) =>
  api.post('/api/stickers/site/signRef', body, { schema: siteSticker });
