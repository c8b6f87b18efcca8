import { type LoginBody, loginReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/**
 * POST /api/users/login. A 401 here means a wrong password, not an expired session, so it must
 * not sign anybody out; the server's reply for a refusal still carries the message to show.
 */
export function login(body: LoginBody) {
  return api.post('/api/users/login', body, { schema: loginReply, clearSessionOnUnauthorized: false });
}
