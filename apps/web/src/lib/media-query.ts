import { useCallback, useSyncExternalStore } from 'react';
import { CUSTOM_MEDIA } from './breakpoints';

/** SPEC.md section 9: screens 767px wide or less get the narrow layout. */
export const NARROW_SCREEN_QUERY = CUSTOM_MEDIA['--narrow-screen'];

function useMediaQueryStore<T>(query: string, serverValue: T): boolean | T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = (): boolean | T =>
    typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore<boolean | T>(subscribe, snapshot, () => serverValue);
}

/** Whether a CSS media query matches; false where matchMedia does not exist. */
export function useMediaQuery(query: string): boolean {
  return useMediaQueryStore(query, false);
}

/**
 * As useMediaQuery, but null on the server and while a server-rendered page hydrates: the server
 * cannot know the screen, so what it draws must suit every screen (CSS decides) until this is known.
 */
export function useMediaQueryOrUnknown(query: string): boolean | null {
  return useMediaQueryStore(query, null);
}
