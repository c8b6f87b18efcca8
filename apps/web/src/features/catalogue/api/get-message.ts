import type { VoiceMessage } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const messagePath = (id: string | undefined) => `/api/message/${segment(id)}`;

/** GET /api/message/:id: one voice message with its recording. */
export function useVoiceMessage(id: string | undefined) {
  return useContentQuery<VoiceMessage>(messagePath(id), Boolean(id));
}
