import { messageReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/**
 * POST /api/users/logout: the server refuses `token` from now on. Sent with the token the browser
 * held, since the browser forgets it at once; a 401 only means it had already ended.
 */
export function logout(token: string) {
  return api.post('/api/users/logout', undefined, {
    schema: messageReply,
    token,
    clearSessionOnUnauthorized: false,
  });
}
