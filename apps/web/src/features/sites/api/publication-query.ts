import { publicationReply } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const publicationQuery = queryOptions({
  queryKey: ['workspace', 'publication'],
  queryFn: () => api.get('/api/contact/publication', { schema: publicationReply }),
});
