import { type SiteBody, siteRecord } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const addSite = (body: SiteBody) => api.post('/api/sites/add', body, { schema: siteRecord });
