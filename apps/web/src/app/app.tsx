import { brandStarts, resolveBrandId } from '@app/brands/start';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '../lib/api-client';
import { BrandProvider } from '../lib/brand';
import { createQueryClient } from '../lib/query-client';
import { applyBrandTheme } from '../lib/theme';
import styles from './app.module.css';
import { PageLoader, useLoaderTimer } from './page-loader';
import { ToastHost } from './toast-host';
import { useBrandConfig } from './use-brand-config';
import { useBrandRouter } from './use-brand-router';

/**
 * Resolves the brand from the host name, loads its configuration and route group behind the
 * start-up overlay and does it all again (overlay included) if the host changes. The overlay wears
 * the brand's colours from the first paint: they are known before the configuration arrives.
 */
export function App() {
  const [host, setHost] = useState(() => window.location.hostname);
  const brandId = useMemo(() => resolveBrandId(host), [host]);
  const [queryClient] = useState(createQueryClient);
  const config = useBrandConfig(brandId);
  const routing = useBrandRouter(brandId);
  const brand = config.status === 'ready' ? config.brand : null;
  const router = routing.status === 'ready' ? routing.router : null;
  const timerRunning = useLoaderTimer(host);

  useLayoutEffect(() => {
    applyBrandTheme(brandStarts[brandId].theme);
  }, [brandId]);

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
    <QueryClientProvider client={queryClient}>
      {site && <div inert={loading}>{site}</div>}
      {failed && (
        <div className={styles.failure} role="alert">
          <p>The site could not be loaded. Please check your connection and reload the page.</p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
      {loading && <PageLoader />}
      <ToastHost />
    </QueryClientProvider>
  );
}
