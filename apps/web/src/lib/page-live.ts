import { useEffect } from 'react';

/**
 * Marks the page as the app's (data-app on <html>): global.css stops holding a drawn page's
 * script-only buttons back. Rendered beside a page's own content, so on a page the server drew the
 * mark comes when that content has been taken over (a page's code arrives on its own, after the
 * app's frame), not when the frame has: until then a tap on its buttons would do nothing.
 */
export function PageLive(): null {
  useEffect(() => {
    document.documentElement.dataset.app = '';
  }, []);
  return null;
}
