import { type LoginBody, loginReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/** Signs in the person who has just accepted an invitation, with the name and password they chose. */
export const signInAfterAccepting = (body: LoginBody) =>
  api.post('/api/users/login', body, { schema: loginReply, clearSessionOnUnauthorized: false });
