import { messageReply, type ResetPasswordBody } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** PUT /api/users/reset-password/ with the reset link's token as the bearer. */
export function resetPassword(body: ResetPasswordBody, resetToken: string) {
  return api.put('/api/users/reset-password/', body, {
    schema: messageReply,
    token: resetToken,
    clearSessionOnUnauthorized: false,
  });
}
