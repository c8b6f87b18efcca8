import type { ProductDetail } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/products/:name: one product in full. */
export function useProduct(name: string | undefined) {
  return useContentQuery<ProductDetail>(`/api/products/${segment(name)}`, Boolean(name));
}
