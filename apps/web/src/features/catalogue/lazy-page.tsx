import type { ReactElement } from 'react';
import { lazyPage } from '../../components/lazy-page';

/** A page that is only its Markdown file (content/<brand>/pages/<slug>.md) and the sections it lists. */
export function contentPage(slug: string): ReactElement {
  return lazyPage(() => import('./components/content-page').then((m) => m.ContentPage), { slug });
}
