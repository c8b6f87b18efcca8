import { userReply } from '@app/contract/accounts';
import { api } from '../../../lib/api-client';

/**
 * GET /api/users/{id} with the given bearer: a session token just issued (before it is stored)
 * or a reset link's token (never stored). A refusal says nothing about any stored session.
 */
export function fetchUser(id: number | string, token: string) {
  return api.get(`/api/users/${encodeURIComponent(String(id))}`, {
    schema: userReply,
    token,
    clearSessionOnUnauthorized: false,
  });
}
