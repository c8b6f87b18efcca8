import { companyRecord } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const companyQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['workspace', 'company', companyId],
    queryFn: () => api.get(`/api/company/${companyId}`, { schema: companyRecord }),
  });
