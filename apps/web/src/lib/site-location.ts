import { useSyncExternalStore } from 'react';

export interface SiteLocation {
  protocol: string;
  hostname: string;
  port: string;
}

const subscribe = () => () => {};
// A string snapshot: equal addresses compare equal, so the hook never loops.
const clientSnapshot = () => `${window.location.protocol}//${window.location.host}`;
const serverSnapshot = () => '';

/**
 * The scheme, host and port of the page, or undefined while rendering on the server (and during
 * hydration, which then renders again with the browser's address). Read without touching
 * `window` during a server render.
 */
export function useSiteLocation(): SiteLocation | undefined {
  const origin = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
  if (!origin) return undefined;
  const url = new URL(origin);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port };
}
