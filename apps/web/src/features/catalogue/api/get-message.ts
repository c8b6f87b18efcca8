import type { VoiceMessage } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/message/:id: one voice message with its recording. */
export function useVoiceMessage(id: string | undefined) {
  return useContentQuery<VoiceMessage>(`/api/message/${segment(id)}`, Boolean(id));
}
