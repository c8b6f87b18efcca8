import { userLookupReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** POST /api/users/user: whether the user name exists and whether its account is confirmed. */
export function lookupUser(userName: string) {
  return api.post('/api/users/user', { userName }, { schema: userLookupReply });
}
