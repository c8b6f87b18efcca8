import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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
