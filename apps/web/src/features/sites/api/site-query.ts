import { siteRecord } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const siteQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['workspace', 'site', siteId],
    queryFn: () => api.get(`/api/sites/${siteId}`, { schema: siteRecord }),
  });
