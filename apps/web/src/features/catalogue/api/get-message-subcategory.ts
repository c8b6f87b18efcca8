import type { MessageSubcategory } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/message/subcategory/:id: a subcategory with its messages. */
export function useMessageSubcategory(id: string | undefined) {
  return useContentQuery<MessageSubcategory>(`/api/message/subcategory/${segment(id)}`, Boolean(id));
}
