import type { BrandConfig, PageMeta } from './types';

/** `/dvrs/:dvrName` -> /^\/dvrs\/([^/]+)$/ */
export function pagePatternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The page meta of a path if the brand allows it, else undefined. */
export function matchPage(brand: BrandConfig, path: string): (PageMeta & { pattern: string }) | undefined {
  for (const [pattern, meta] of Object.entries(brand.pages)) {
    if (pagePatternToRegExp(pattern).test(path)) return { ...meta, pattern };
  }
  return undefined;
}
