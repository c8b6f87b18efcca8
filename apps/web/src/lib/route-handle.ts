import type { BrandId } from '@app/brands';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

export interface ServerLoadArgs {
  queryClient: QueryClient;
  params: Params;
  url: URL;
  brandId: BrandId;
}

/** What a route object's `handle` may tell the server render (entry-server.tsx). */
export interface RouteHandle {
  /** A signed-in page: the server sends the start-up page and the browser draws it. */
  clientOnly?: boolean;
  /**
   * Server only, before the page is drawn: loads the data the page shows, so the server draws it
   * once with all of it (issue 33), and does what a page does in its effects in the browser and
   * must be in the server's answer (a look-up that moves on to the sign's page). Returns a path
   * to redirect to.
   */
  serverLoad?: (args: ServerLoadArgs) => Promise<string | undefined>;
}

/** Query keys the server leaves in the page's data to say what it has already done. */
export const serverDoneKeys = {
  /** The server looked this reference up for /search-scheme?ref= and found no sign. */
  refNotFound: (ref: string) => ['server', 'ref-not-found', ref] as const,
};
