import { siteListReply } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sitesQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['workspace', 'sites', companyId],
    queryFn: () => api.get(`/api/sites/company/${companyId}`, { schema: siteListReply }),
  });
