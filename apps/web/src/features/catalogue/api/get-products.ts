import type { ProductSummary } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const productsPath = () => '/api/products';

/** GET /api/products: the brand's products in display order. */
export function useProducts() {
  return useContentQuery<ProductSummary[]>(productsPath());
}
