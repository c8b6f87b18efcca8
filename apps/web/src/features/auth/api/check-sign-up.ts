import { type SignUpCheckBody, signUpCheckReply } from '@app/contract/sign-up-check';
import { api } from '../../../lib/api-client';

/** POST /api/users/sign-up-check: which of the user name and e-mail address are already in use. */
export function checkSignUp(body: SignUpCheckBody) {
  return api.post('/api/users/sign-up-check', body, { schema: signUpCheckReply });
}
