import { queryOptions } from '@tanstack/react-query';

/**
 * English names of the ISO 3166-1 countries, from the maintained i18n-iso-countries data.
 * Fetched only when an address form switches to a Country pick-list, so it never weighs on the
 * first paint.
 */
export async function loadCountryNames(): Promise<string[]> {
  const { default: english } = await import('i18n-iso-countries/langs/en.json');
  // Some countries carry alternative names after the usual one ("United Kingdom", "UK", ...).
  const names = Object.values(english.countries).map((name: string | string[]) =>
    Array.isArray(name) ? (name[0] ?? '') : name,
  );
  return names.filter(Boolean).sort((a, b) => a.localeCompare(b, 'en-GB'));
}

export const countryNamesQuery = queryOptions({
  queryKey: ['countries', 'en'],
  queryFn: loadCountryNames,
  staleTime: Number.POSITIVE_INFINITY,
});
