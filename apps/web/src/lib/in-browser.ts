import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while a server-drawn page hydrates, true from then on (and from the
 * start of a page the browser draws): for what only the browser can draw.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
