import { createContext, type ReactNode, use } from 'react';

/** The parts of the page's address that links to sister sites and the API base are made from. */
export type SiteLocation = Pick<Location, 'protocol' | 'hostname' | 'port'>;

const SiteLocationContext = createContext<SiteLocation | null>(null);

/** Given by the server render, which has no `window.location` but knows the request's host. */
export function SiteLocationProvider({
  location,
  children,
}: {
  location: SiteLocation;
  children: ReactNode;
}) {
  return <SiteLocationContext value={location}>{children}</SiteLocationContext>;
}

/** The page's protocol, host name and port: from the provider, else the browser's address. */
export function useSiteLocation(): SiteLocation {
  return use(SiteLocationContext) ?? window.location;
}
