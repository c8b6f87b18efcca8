import { accountDetails } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const accountQuery = queryOptions({
  queryKey: ['workspace', 'account'],
  queryFn: () => api.get('/api/account', { schema: accountDetails }),
});
