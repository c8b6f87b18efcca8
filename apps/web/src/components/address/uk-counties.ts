import { UK_COUNTIES_BY_NATION as counties } from '@app/contract/uk-counties';

/** 'Kent (England)', 'Dyfed (Wales)', ... in alphabetical order. */
export const UK_COUNTY_OPTIONS: readonly string[] = Object.entries(counties)
  .flatMap(([nation, names]) => names.map((name) => `${name} (${nation})`))
  .sort((a, b) => a.localeCompare(b, 'en-GB'));

/** The pick-list entry for a county as address data names it, e.g. 'kent' -> 'Kent (England)'. */
export function countyOption(county: string): string | undefined {
  const wanted = county.trim().toLowerCase();
  if (!wanted) return undefined;
  return UK_COUNTY_OPTIONS.find((option) => option.replace(/\s*\([^)]*\)$/, '').toLowerCase() === wanted);
}
