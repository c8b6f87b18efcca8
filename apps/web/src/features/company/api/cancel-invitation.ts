import { pendingInvitationsChange } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const cancelInvitation = (id: number) =>
  api.delete(`/api/company/invitations/${id}`, { schema: pendingInvitationsChange });
