import { productDetail } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** GET /api/products/:name: one product in full. */
export function useProduct(name: string | undefined) {
  return useContentQuery(`/api/products/${segment(name)}`, productDetail, Boolean(name));
}
