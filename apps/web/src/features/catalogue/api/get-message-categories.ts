import type { MessageCategorySummary } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/message/category: the voice message categories with their subcategories. */
export function useMessageCategories() {
  return useContentQuery<MessageCategorySummary[]>('/api/message/category');
}
