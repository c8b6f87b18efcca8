import { UK_COUNTIES_BY_NATION } from './uk-counties';

/**
 * A UK postcode with its spaces taken out: the outward code (area letters, district digit, and a
 * digit or letter more: 'L1', 'LL61', 'SW1A', 'W1J') and the inward code (a digit and two letters).
 */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

const UK_COUNTIES = new Set(Object.values(UK_COUNTIES_BY_NATION).flatMap((names) => names.map(lower)));

function lower(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A postcode as typed into a UK address, as Royal Mail writes it: capitals, one space before the
 * inward code ('ll61 5uj' and 'LL615UJ' are 'LL61 5UJ'). Text that is not a whole postcode keeps its
 * characters, in capitals with single spaces.
 */
export function normaliseUkPostcode(typed: string): string {
  const capitals = typed.trim().replace(/\s+/g, ' ').toUpperCase();
  const parts = UK_POSTCODE.exec(capitals.replace(/ /g, ''));
  return parts ? `${parts[1]} ${parts[2]}` : capitals;
}

/**
 * Whether an address whose county line is `county` is in the UK: no county, or one of the County
 * pick-list's ('Gwynedd', or 'Gwynedd (Wales)' as the list shows it). Anything else is a country,
 * chosen from the Country pick-list.
 */
export function isUkCounty(county: string): boolean {
  const name = lower(county.replace(/\s*\([^)]*\)\s*$/, ''));
  return name === '' || UK_COUNTIES.has(name);
}

/** The names a contact form's free-text Country field may give the UK by. */
const UK_COUNTRY_NAMES = new Set([
  'uk',
  'u.k.',
  'united kingdom',
  'united kingdom of great britain and northern ireland',
  'great britain',
  'gb',
  'britain',
  'england',
  'wales',
  'scotland',
  'northern ireland',
]);

/** Whether a Country field ('' when the form has none or it was left empty) names the UK. */
export function isUkCountry(country: string): boolean {
  const name = lower(country);
  return name === '' || UK_COUNTRY_NAMES.has(name);
}

/** The postcode of an address, as stored: normalised in the UK, elsewhere as typed but trimmed. */
export function addressPostcode(typed: string, inUk: boolean): string {
  return inUk ? normaliseUkPostcode(typed) : typed.trim();
}

/** An address with its postcode as stored, by where the address is (its county line). */
export function withAddressPostcode<T extends { postcode: string; county: string }>(address: T): T {
  return { ...address, postcode: addressPostcode(address.postcode, isUkCounty(address.county)) };
}
