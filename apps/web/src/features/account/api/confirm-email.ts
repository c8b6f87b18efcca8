import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

export const confirmEmail = (token: string) =>
  api.post(
    '/api/account/email/confirm',
    { token },
    { schema: messageReply, clearSessionOnUnauthorized: false },
  );
