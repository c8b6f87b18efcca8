import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** POST /api/users/forgot-password: mails a reset link to the account with this address. */
export function forgotPassword(email: string) {
  return api.post('/api/users/forgot-password', { email }, { schema: messageReply });
}
