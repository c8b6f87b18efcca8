import { siteStickersReply } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const siteStickersQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['workspace', 'stickers', siteId],
    queryFn: () => api.get(`/api/stickers/siteid/${siteId}`, { schema: siteStickersReply }),
  });
