import { resolveBrand } from '@app/brands';
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
import { useBrandRouter } from './use-brand-router';

/**
 * Resolves the brand from the host name, loads its route group behind the start-up overlay and
 * does both again (overlay included) if the host changes.
 */
export function App() {
  const [host, setHost] = useState(() => window.location.hostname);
  const brand = useMemo(() => resolveBrand(host), [host]);
  const [queryClient] = useState(createQueryClient);
  const routing = useBrandRouter(brand.id);
  const router = routing.status === 'ready' ? routing.router : null;
  const timerRunning = useLoaderTimer(host);

  useLayoutEffect(() => {
    applyBrandTheme(brand);
    configureApiClient(brand, host);
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

  const loading = timerRunning || routing.status === 'loading';

  return (
    <BrandProvider brand={brand}>
      <QueryClientProvider client={queryClient}>
        <div inert={loading}>{router && <RouterProvider router={router} />}</div>
        {routing.status === 'failed' && (
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
    </BrandProvider>
  );
}
