import { userUpdateReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/**
 * PUT /api/users/{id} with `confirmedAt` (the spec) and the link's single-use `confirmToken`
 * (docs/decisions/0003): without the token the server confirms nothing.
 */
export function confirmUser(id: string, confirmToken: string) {
  return api.put(
    `/api/users/${encodeURIComponent(id)}`,
    { confirmedAt: new Date().toISOString(), confirmToken },
    { schema: userUpdateReply },
  );
}
