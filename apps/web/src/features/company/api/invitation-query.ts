import { invitationReply } from '@app/contract/workspace';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['workspace', 'invitation', token],
    queryFn: () =>
      api.get(`/api/company/invitations/${encodeURIComponent(token)}`, { schema: invitationReply }),
    retry: false,
  });
