import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A whole page's first render (the shell, its lazy routes) can take over Testing Library's default
// second when the machine runs every test file at once; what is awaited is unchanged, only how long
// a findBy or waitFor keeps looking before it fails.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it cannot scroll, and its scrollTo logs an error instead. React Router's
// ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

beforeEach(() => {
  // Node's fetch cannot reach relative URLs; calls a test did not stub get a plain 404.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'Not stubbed in this test' }, { status: 404 })),
  );
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('style');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
