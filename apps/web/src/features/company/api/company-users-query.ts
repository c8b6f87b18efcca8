import { companyUsersReply } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const companyUsersQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['workspace', 'company-users', companyId],
    queryFn: () => api.get(`/api/users/company/${companyId}`, { schema: companyUsersReply }),
  });
