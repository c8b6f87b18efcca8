/**
 * Navigation state asking the next page to take focus on its heading, for navigations that
 * replace what the user was on (a menu item, signing in or out): focus would otherwise fall to
 * the body and the next Tab start again at the top. `navigate(to, { state: FOCUS_HEADING })`
 */
export const FOCUS_HEADING = { focusHeading: true } as const;

export function wantsHeadingFocus(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'focusHeading' in state && state.focusHeading === true
  );
}

/** Focuses the current page's heading, or the main content when the page has none yet. */
export function focusPageHeading(): void {
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1[tabindex="-1"]');
  (heading ?? main)?.focus();
}

/**
 * Focuses `element`, now or, while the start-up overlay keeps the page inert (a link opened from
 * a mail lands during it), as soon as the page is usable. Returns the clean-up.
 */
export function focusOnceUsable(element: HTMLElement): () => void {
  const inertAncestor = element.closest('[inert]');
  if (!inertAncestor) {
    element.focus();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (element.closest('[inert]')) return;
    observer.disconnect();
    element.focus();
  });
  observer.observe(inertAncestor, { attributes: true, attributeFilter: ['inert'] });
  return () => observer.disconnect();
}
