import { type SignUpBody, signUpReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** POST /api/users/add: company, master user, first site and the sticker's link, in one go. */
export function signUp(body: SignUpBody) {
  return api.post('/api/users/add', body, { schema: signUpReply });
}
