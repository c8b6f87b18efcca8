import type { MessageSubcategory } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const messageSubcategoryPath = (id: string | undefined) => `/api/message/subcategory/${segment(id)}`;

/** GET /api/message/subcategory/:id: a subcategory with its messages. */
export function useMessageSubcategory(id: string | undefined) {
  return useContentQuery<MessageSubcategory>(messageSubcategoryPath(id), Boolean(id));
}
