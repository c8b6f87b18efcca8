import type { ProductSummary } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/products: the brand's products in display order. */
export function useProducts() {
  return useContentQuery<ProductSummary[]>('/api/products');
}
