import { vi } from 'vitest';

/** jsdom has no layout: answer width media queries as a screen of the given width would. */
export function setScreenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    const min = /min-width:\s*(\d+)px/.exec(query)?.[1];
    const matches =
      (max === undefined || width <= Number(max)) && (min === undefined || width >= Number(min));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
