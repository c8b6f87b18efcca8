import { api, unknownReply } from '../../../lib/api-client';

/**
 * POST /api/users/logout: the server refuses `token` from now on. Sent with the token the browser
 * held, since the browser forgets it at once; a 401 only means it had already ended. Nobody waits
 * for the reply or reads it, so it is not checked: the top bar of every page holds this call, and
 * a reply schema would put zod in every page's first paint (docs/decisions/0007).
 */
export function logout(token: string) {
  return api.post('/api/users/logout', undefined, {
    schema: unknownReply,
    token,
    clearSessionOnUnauthorized: false,
  });
}
