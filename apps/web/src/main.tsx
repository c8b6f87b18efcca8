import { loadBrand } from '@app/brands/load-brand';
import { PAGE_DATA_ID } from '@app/brands/page-data';
import { resolveBrandId } from '@app/brands/start';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { loadRouteGroup } from './brands/route-groups';
import { ApiError, configureApiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { clearExpiredSession } from './lib/session';
import { yieldToBrowser } from './yield-to-browser';

// Started by boot.ts (which also brings the global stylesheet).
const host = window.location.hostname;
const brandId = resolveBrandId(host);
// The brand's configuration and pages download side by side from here on; App waits for the same
// modules and reports a failure.
const loading = Promise.all([loadBrand(brandId), loadRouteGroup(brandId)]);
void loading.catch(() => undefined);
// The app's frame and routes come beside them, asked for a task later: their modules are
// evaluated, and the requests for them and their dependencies made, in tasks of their own rather
// than with this one (a shorter longest task on a slow phone).
const shell = yieldToBrowser().then(() => Promise.all([import('./app/app'), import('./app/routes')]));
// Before the first render, so no expired session flashes a signed-in menu.
clearExpiredSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;

/** A page the server drew: the same routes, brand and data, then React takes the markup over. */
async function hydratePage(json: string, root: HTMLElement) {
  const [[{ App }, { appRoutes }], [brand, group]] = await Promise.all([shell, loading]);
  const state = JSON.parse(json) as DehydratedState;
  // The server sends no times (its page must be the same bytes each time, for its ETag): what it
  // drew is as fresh as the page, so no query asks again for it while the page opens.
  const now = Date.now();
  for (const query of state.queries) {
    query.dehydratedAt = now;
    query.state.dataUpdatedAt = query.state.data === undefined ? 0 : now;
    query.state.errorUpdatedAt = query.state.error ? now : 0;
    query.state.error = ApiError.revive(query.state.error) as Error | null;
    query.state.fetchFailureReason = ApiError.revive(query.state.fetchFailureReason) as Error | null;
  }
  const queryClient = createQueryClient();
  hydrate(queryClient, state);
  configureApiClient(brand, host);
  const router = createBrowserRouter(appRoutes(group.routes));
  // As a transition, hydration goes in short slices too: the page the server drew is on screen
  // and readable meanwhile, and a slow phone's main thread is never held for long.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App start={{ host, brand, router, queryClient }} />
      </StrictMode>,
    );
  });
}

if (pageData) {
  hydratePage(pageData, container).catch((error: unknown) => {
    // The server's page stays readable; only its scripts are missing.
    console.error('The page could not be taken over', error);
  });
} else {
  const root = createRoot(container);
  shell
    .then(([{ App }]) => {
      // In a transition React renders in short slices and lets the browser paint and answer input
      // in between, instead of one long task on a slow phone; the overlay from index.html stays
      // until then.
      startTransition(() => {
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
      });
    })
    .catch((error: unknown) => {
      console.error('The app could not be loaded', error);
    });
}
