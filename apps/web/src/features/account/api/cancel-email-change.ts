import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

export const cancelEmailChange = (token: string) =>
  api.post(
    '/api/account/email/cancel',
    { token },
    { schema: messageReply, clearSessionOnUnauthorized: false },
  );
