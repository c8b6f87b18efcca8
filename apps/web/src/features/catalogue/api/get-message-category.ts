import type { MessageCategory } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const messageCategoryPath = (id: string | undefined) => `/api/message/category/${segment(id)}`;

/** GET /api/message/category/:id: a category, each subcategory with its messages. */
export function useMessageCategory(id: string | undefined) {
  return useContentQuery<MessageCategory>(messageCategoryPath(id), Boolean(id));
}
