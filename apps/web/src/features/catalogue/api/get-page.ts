import type { ContentPage } from '@app/contract/catalogue';
import { useContentQuery } from './content-query';

/** GET /api/pages/:slug: a content page (`home` is `/`) with its resources, products and downloads. */
export function usePage(slug: string) {
  return useContentQuery<ContentPage>(`/api/pages/${encodeURIComponent(slug)}`);
}
