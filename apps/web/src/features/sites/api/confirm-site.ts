import { siteRecord } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

/** "These details are still correct", from Your sites. */
export const confirmSite = (id: number) => api.post(`/api/sites/${id}/confirm`, {}, { schema: siteRecord });
