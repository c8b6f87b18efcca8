import { userUpdateReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/**
 * PUT /api/users/{id} with `confirmedAt` (the spec), the link's single-use `confirmToken`
 * (docs/decisions/0003) and the password typed: the server checks the password first and
 * confirms nothing when it is wrong (401 with the login's message).
 */
export function confirmUser(id: string, confirmToken: string, password: string) {
  return api.put(
    `/api/users/${encodeURIComponent(id)}`,
    { confirmedAt: new Date().toISOString(), confirmToken, password },
    { schema: userUpdateReply, clearSessionOnUnauthorized: false },
  );
}
