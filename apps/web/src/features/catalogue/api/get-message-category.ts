import type { MessageCategory } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/message/category/:id: a category, each subcategory with its messages. */
export function useMessageCategory(id: string | undefined) {
  return useContentQuery<MessageCategory>(`/api/message/category/${segment(id)}`, Boolean(id));
}
