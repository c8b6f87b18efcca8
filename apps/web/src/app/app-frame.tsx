import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useInBrowser } from '../lib/in-browser';
import { PageLoader } from './page-loader';
import { ToastHost } from './toast-host';

/**
 * What the browser and the server both draw around the site: the site, the start-up overlay over
 * it while `loading`, and the toasts. The server's page is never inert (without JavaScript it is
 * all there is, and its overlay is hidden by a <noscript> style): the browser makes it inert only
 * once it has taken the page over, and not at all while the overlay over a drawn page has its
 * first second (`inertWhileLoading` false): that overlay leaves by the browser's own clock
 * (global.css), and a page kept inert by a timer that a busy phone runs late ignored the first tap
 * or key on a page that already looked ready.
 */
export function AppFrame({
  queryClient,
  site,
  loading,
  failed = false,
  inertWhileLoading = true,
}: {
  queryClient: QueryClient;
  site: ReactNode;
  loading: boolean;
  failed?: boolean;
  inertWhileLoading?: boolean;
}) {
  const inBrowser = useInBrowser();
  return (
    <QueryClientProvider client={queryClient}>
      {/* Before the page, in the markup too: a slow phone parses and paints the server's page
          piece by piece, and an overlay drawn after the page would first show the page, then
          cover it, and start its second late (docs/decisions/0049). */}
      {loading && <PageLoader />}
      {site && <div inert={loading && inBrowser && inertWhileLoading}>{site}</div>}
      {failed && (
        <div className="app-failure" role="alert">
          <p>The site could not be loaded. Please check your connection and reload the page.</p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
      <ToastHost />
    </QueryClientProvider>
  );
}
