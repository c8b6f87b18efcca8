import type { BrandConfig } from '@app/brands';
import { brandStarts, resolveBrandId } from '@app/brands/start';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '../lib/api-client';
import { BrandProvider } from '../lib/brand';
import { createQueryClient } from '../lib/query-client';
import { applyBrandTheme } from '../lib/theme';
import { AppFrame } from './app-frame';
import { overlayLeftOfDrawnPage, PAGE_LOADER_MS, useLoaderTimer } from './page-loader';
import { useBrandConfig } from './use-brand-config';
import { type BrandRouter, useBrandRouter } from './use-brand-router';

/**
 * A page the server rendered: its brand, the router made over the same routes and the query
 * cache holding the data the server drew it with, all ready before the first render (hydration
 * must draw exactly what the server did).
 */
export interface ServerStart {
  host: string;
  brand: BrandConfig;
  router: BrandRouter;
  queryClient: QueryClient;
}

/**
 * Resolves the brand from the host name, loads its configuration and route group behind the
 * start-up overlay and does it all again (overlay included) if the host changes. The overlay wears
 * the brand's colours from the first paint: they are known before the configuration arrives.
 * A server-rendered page starts with all of it at hand (`start`); the overlay still shows its time.
 */
export function App({ start }: { start?: ServerStart } = {}) {
  const [host, setHost] = useState(() => start?.host ?? window.location.hostname);
  const brandId = useMemo(() => resolveBrandId(host), [host]);
  const [queryClient] = useState(() => start?.queryClient ?? createQueryClient());
  const config = useBrandConfig(brandId, start?.brand);
  const routing = useBrandRouter(brandId, start?.router);
  const brand = config.status === 'ready' ? config.brand : null;
  const router = routing.status === 'ready' ? routing.router : null;
  // Over a drawn page the overlay's second began at its first paint, before the app arrived.
  const [overlayFor] = useState(() => (start ? overlayLeftOfDrawnPage() : PAGE_LOADER_MS));
  const timerRunning = useLoaderTimer(host, overlayFor);

  useLayoutEffect(() => {
    applyBrandTheme(brandStarts[brandId].theme);
  }, [brandId]);

  useEffect(() => {
    // A page the app drew itself is its own from the start; a drawn page is marked by its content
    // once taken over (PageLive in lazy-page.tsx).
    if (!start) document.documentElement.dataset.app = '';
  }, [start]);

  useLayoutEffect(() => {
    if (brand) configureApiClient(brand, host);
  }, [brand, host]);

  useEffect(() => {
    if (!router) return;
    const unsubscribe = router.subscribe(() => {
      if (window.location.hostname !== host) setHost(window.location.hostname);
    });
    return () => {
      unsubscribe();
    };
  }, [router, host]);

  const failed = config.status === 'failed' || routing.status === 'failed';
  const loading = timerRunning || (!failed && !(brand && router));
  // The same element while the brand stays, so the overlay going away re-renders no page.
  const site = useMemo(
    () =>
      brand &&
      router && (
        <BrandProvider brand={brand}>
          <RouterProvider router={router} />
        </BrandProvider>
      ),
    [brand, router],
  );

  return (
    <AppFrame
      queryClient={queryClient}
      site={site}
      loading={loading}
      failed={failed}
      // The drawn page's own overlay leaves by CSS; after a change of host the app's overlay is its own.
      inertWhileLoading={!(start && host === start.host)}
    />
  );
}
