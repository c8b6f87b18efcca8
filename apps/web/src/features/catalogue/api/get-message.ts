import { messageReply } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/message/:id: one voice message with its recording. */
export function useVoiceMessage(id: string | undefined) {
  return useContentQuery(`/api/message/${segment(id)}`, messageReply, Boolean(id));
}
