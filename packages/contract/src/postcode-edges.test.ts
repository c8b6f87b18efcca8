import { describe, expect, it } from 'vitest';
import { isUkCountry, isUkCounty, normaliseUkPostcode } from './postcode';

describe('a postcode with more around it', () => {
  it('is left as typed when characters come before or after a whole postcode', () => {
    expect(normaliseUkPostcode('xsw1a1aa')).toBe('XSW1A1AA');
    expect(normaliseUkPostcode('sw1a1aax')).toBe('SW1A1AAX');
    expect(normaliseUkPostcode('sw1a 1aa 2')).toBe('SW1A 1AA 2');
  });
});

describe('a county line', () => {
  it('sets aside only a bracket at its end, with the spaces around it', () => {
    expect(isUkCounty('Kent (England)  ')).toBe(true);
    expect(isUkCounty('Kent (England) Bavaria')).toBe(false);
    expect(isUkCounty('Kent (England)x')).toBe(false);
    expect(isUkCounty('Wilt(s)shire')).toBe(false);
  });
});

// A contact form's free-text Country field: each of these names the UK, so its postcode is
// written as Royal Mail writes it.
describe('the names the UK goes by in a Country field', () => {
  it.each([
    'UK',
    'U.K.',
    'United Kingdom',
    'United Kingdom of Great Britain and Northern Ireland',
    'Great Britain',
    'GB',
    'Britain',
    'England',
    'Wales',
    'Scotland',
    'Northern Ireland',
    ' uk ',
    '',
  ])('"%s" is the UK', (name) => {
    expect(isUkCountry(name)).toBe(true);
  });

  it.each(['France', 'Ireland', 'United States', 'Eire'])('"%s" is not', (name) => {
    expect(isUkCountry(name)).toBe(false);
  });
});
