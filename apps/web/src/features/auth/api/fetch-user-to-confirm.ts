import { userReply } from '@app/contract/accounts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/users/confirmuser/{id}?token=: the account a confirmation link is for. */
export function fetchUserToConfirm(id: string, token: string) {
  return api.get(`/api/users/confirmuser/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, {
    schema: userReply,
  });
}

export function userToConfirmQuery(id: string, token: string) {
  return queryOptions({
    queryKey: ['users', 'confirmuser', id, token],
    queryFn: () => fetchUserToConfirm(id, token),
    // The answer changes once the account is confirmed: never serve it from an earlier visit.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
