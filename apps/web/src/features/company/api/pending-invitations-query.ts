import { pendingInvitationsReply } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const pendingInvitationsQuery = queryOptions({
  queryKey: ['workspace', 'invitations'],
  queryFn: () => api.get('/api/company/invitations', { schema: pendingInvitationsReply }),
});
