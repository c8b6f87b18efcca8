import { PAGE_DATA_ID } from '@app/brands/page-data';
import './app/global.css';
import { yieldToBrowser } from './yield-to-browser';

// The web app's entry: it starts the app (main.tsx). A page the server drew is complete without
// the app, so the app's scripts are fetched only once that page and its pictures are in and
// painted: on a weak connection they do not compete with the words and pictures the visitor came
// for. Such a page asks for this module itself only after its first paint (docs/decisions/0035).
// Any other page is drawn by the app, which starts at once.

/**
 * The app's modules are evaluated in three pieces (the framework, the app's shared code, then the
 * app) with the browser free in between, rather than in one long task during which a slow phone
 * cannot answer a tap.
 */
const start = async () => {
  await import('react-dom/client');
  await yieldToBrowser();
  // Any module of the shared chunk (vite.config.ts: shell) brings the whole chunk.
  await import('./lib/query-client');
  await yieldToBrowser();
  await import('./main');
};

if (!document.getElementById(PAGE_DATA_ID)) {
  void start();
} else {
  // After the load event, the page's main picture decoded, and two frames: by then the page has
  // been painted, picture included.
  const afterPaint = async () => {
    const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    await picture?.decode().catch(() => undefined);
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => void start(), 0)));
  };
  if (document.readyState === 'complete') void afterPaint();
  else window.addEventListener('load', () => void afterPaint(), { once: true });
}
