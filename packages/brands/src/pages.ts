import type { BrandConfig, PageMeta } from './types';

/** Each pattern's expression, built once: the patterns are the brands' fixed page lists. */
const compiled = new Map<string, RegExp>();

/** `/dvrs/:dvrName` -> /^\/dvrs\/([^/]+)$/ */
export function pagePatternToRegExp(pattern: string): RegExp {
  const known = compiled.get(pattern);
  if (known) return known;
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const expression = new RegExp(`^${source}/?$`);
  compiled.set(pattern, expression);
  return expression;
}

/** The page meta of a path if the brand allows it, else undefined. */
export function matchPage(brand: BrandConfig, path: string): (PageMeta & { pattern: string }) | undefined {
  for (const [pattern, meta] of Object.entries(brand.pages)) {
    if (pagePatternToRegExp(pattern).test(path)) return { ...meta, pattern };
  }
  return undefined;
}
