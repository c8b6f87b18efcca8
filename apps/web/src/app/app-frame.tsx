import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useInBrowser } from '../lib/in-browser';
import { PageLoader } from './page-loader';
import { ToastHost } from './toast-host';

/**
 * What the browser and the server both draw around the site: the site, the start-up overlay over
 * it while `loading`, and the toasts. The server's page is never inert (without JavaScript it is
 * all there is, and its overlay is hidden by a <noscript> style): the browser makes it inert only
 * once it has taken the page over.
 */
export function AppFrame({
  queryClient,
  site,
  loading,
  failed = false,
}: {
  queryClient: QueryClient;
  site: ReactNode;
  loading: boolean;
  failed?: boolean;
}) {
  const inBrowser = useInBrowser();
  return (
    <QueryClientProvider client={queryClient}>
      {site && <div inert={loading && inBrowser}>{site}</div>}
      {failed && (
        <div className="app-failure" role="alert">
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
