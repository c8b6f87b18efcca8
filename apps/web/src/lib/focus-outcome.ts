import { useEffect, useRef } from 'react';

/**
 * Brings what a person must read after an action (a confirmation, an error summary, a result)
 * into view and moves focus to it, so that a screen reader announces it and a phone shows it
 * even when the page has grown shorter above the scroll position. Centred, so no fixed top bar
 * or footer covers it; instant, so it is there when the person looks.
 */
export function focusOutcome(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  // Absent where nothing is laid out (jsdom in component tests): focus alone is enough there.
  if (typeof element.scrollIntoView === 'function')
    element.scrollIntoView({ block: 'center', inline: 'nearest' });
}

/**
 * A ref for an outcome element (give it `tabIndex={-1}`): it takes focus whenever `key` changes
 * to a truthy value (a counter of submits, the reply that arrived).
 */
export function useFocusOutcome<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key) focusOutcome(ref.current);
  }, [key]);
  return ref;
}
