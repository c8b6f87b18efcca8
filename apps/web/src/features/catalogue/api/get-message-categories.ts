import type { MessageCategorySummary } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const messageCategoriesPath = () => '/api/message/category';

/** GET /api/message/category: the voice message categories with their subcategories. */
export function useMessageCategories() {
  return useContentQuery<MessageCategorySummary[]>(messageCategoriesPath());
}
