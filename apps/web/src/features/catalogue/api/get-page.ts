import type { ContentPage } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** The call's path (the server loads it before drawing a page that shows it). */
export const pagePath = (slug: string) => `/api/pages/${encodeURIComponent(slug)}`;

/** GET /api/pages/:slug: a content page (`home` is `/`) with its resources, products and downloads. */
export function usePage(slug: string) {
  return useContentQuery<ContentPage>(pagePath(slug));
}
