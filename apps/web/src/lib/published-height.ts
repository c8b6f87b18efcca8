import { type RefObject, useEffect } from 'react';

/**
 * Publishes the height of a bar that stays on screen (sticky or fixed) as a custom property of the
 * root element, in px, so the page's scroll padding, padding and toasts keep clear of it whatever
 * its height with large text or wrapped links.
 *
 * A change on the root element restyles the whole page: on a slow phone, a write just after the
 * app has taken over a drawn page is a long task. So the height is written only when the property
 * does not already say it (global.css registers the usual heights), and only while the bar stays
 * on screen: a bar that scrolls away with the page needs nobody to keep clear of it.
 */
export function usePublishedHeight(ref: RefObject<HTMLElement | null>, property: string): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      // After layout, with the style clean: reading it costs nothing more.
      const { position } = getComputedStyle(bar);
      if (position !== 'sticky' && position !== 'fixed') return;
      const height = `${entry?.borderBoxSize?.[0]?.blockSize ?? bar.offsetHeight}px`;
      if (getComputedStyle(root).getPropertyValue(property).trim() !== height)
        root.style.setProperty(property, height);
    });
    // Its border box: padding that grows (a media query, larger text) counts as much as content.
    observer.observe(bar, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property]);
}
