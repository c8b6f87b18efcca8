import type { SavedWay } from '@app/contract/request-lifecycle';
import { deskRequestReply } from '@app/contract/requests';
import { api } from '../../../lib/api-client';

/** POST /api/requests/{id}/footage-saved: the footage is safe from the recorder, and where it is. */
export function footageSaved(id: number, how: SavedWay, note: string) {
  return api.post(`/api/requests/${id}/footage-saved`, { how, note }, { schema: deskRequestReply });
}
