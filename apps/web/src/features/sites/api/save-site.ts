import { type SiteBody, siteRecord } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const saveSite = (id: number, body: SiteBody) =>
  api.put(`/api/sites/${id}`, body, { schema: siteRecord });
