import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { CUSTOM_MEDIA } from './breakpoints';

/** SPEC.md section 9: screens 767px wide or less get the narrow layout. */
export const NARROW_SCREEN_QUERY = CUSTOM_MEDIA['--narrow-screen'];

const mediaQueryList = (query: string): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

/** Whether a CSS media query matches; false where matchMedia does not exist. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

/**
 * As useMediaQuery, but null on the server and until the app has been drawn once: the server
 * cannot know the screen, so what it draws must suit every screen (CSS decides) until this is known.
 * The answer, and any later change, arrives as a transition: the layout it changes (the sidebar
 * becoming a drawer) is drawn in short slices, not in one long task just after a slow phone has
 * taken over the server's page.
 */
export function useMediaQueryOrUnknown(query: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    const list = mediaQueryList(query);
    const update = () => startTransition(() => setMatches(list?.matches ?? false));
    update();
    list?.addEventListener('change', update);
    return () => list?.removeEventListener('change', update);
  }, [query]);
  return matches;
}
