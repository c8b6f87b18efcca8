import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** POST /api/users/resend-confirmation: a new confirmation link for an unconfirmed account. */
export function resendConfirmation(userName: string) {
  return api.post('/api/users/resend-confirmation', { userName }, { schema: messageReply });
}
