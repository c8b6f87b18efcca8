import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { pagePath } from './api/get-page';
import { showsContent } from './server-load';

/**
 * A page that is only its Markdown file (content/<brand>/pages/<slug>.md) and the sections it
 * lists: its element, and the handle that has the server load the page's content before drawing it.
 */
export function contentPage(slug: string): Pick<RouteObject, 'element' | 'handle'> {
  return {
    element: lazyPage(() => import('./components/content-page').then((m) => m.ContentPage), { slug }),
    handle: showsContent(() => [pagePath(slug)]),
  };
}
