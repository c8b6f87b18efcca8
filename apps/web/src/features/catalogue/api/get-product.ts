import type { ProductDetail } from '@app/contract/catalogue';
import { segment, useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const productPath = (name: string | undefined) => `/api/products/${segment(name)}`;

/** GET /api/products/:name: one product in full. */
export function useProduct(name: string | undefined) {
  return useContentQuery<ProductDetail>(productPath(name), Boolean(name));
}
