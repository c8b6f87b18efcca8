import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

export const acceptInvitation = (body: { token: string; userName: string; password: string }) =>
  api.post('/api/company/invitations/accept', body, {
    schema: messageReply,
    clearSessionOnUnauthorized: false,
  });
