import { pendingInvitationsChange } from '@app/contract/workspace';
import { api } from '../../../lib/api-client';

export const resendInvitation = (id: number) =>
  api.post(`/api/company/invitations/${id}/resend`, {}, { schema: pendingInvitationsChange });
