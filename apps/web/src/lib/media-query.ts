import { useCallback, useSyncExternalStore } from 'react';
import { CUSTOM_MEDIA } from './breakpoints';

/** SPEC.md section 9: screens 767px wide or less get the narrow layout. */
export const NARROW_SCREEN_QUERY = CUSTOM_MEDIA['--narrow-screen'];

/** Whether a CSS media query matches; false where matchMedia does not exist. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
