import { publicationReply } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const followCompany = (siteId: number) =>
  api.delete(`/api/contact/publication/site/${siteId}`, { schema: publicationReply });
