import { describe, expect, it } from 'vitest';
import { signUpBody } from './accounts';
import { contactDataSchema } from './contact';
import { addressPostcode, isUkCountry, isUkCounty, normaliseUkPostcode } from './postcode';
import { companyBody, siteBody } from './workspace';

describe('postcodes', () => {
  it('writes a UK postcode in capitals with one space before the inward code, however it was typed', () => {
    for (const [typed, stored] of [
      ['ll61 5uj', 'LL61 5UJ'],
      ['LL615UJ', 'LL61 5UJ'],
      ['  ll61   5UJ ', 'LL61 5UJ'],
      ['l1 8jq', 'L1 8JQ'],
      ['m11ae', 'M1 1AE'],
      ['b338th', 'B33 8TH'],
      ['cr2 6xh', 'CR2 6XH'],
      ['dn551pt', 'DN55 1PT'],
      ['w1a 0ax', 'W1A 0AX'],
      ['ec1a1bb', 'EC1A 1BB'],
      ['bt7 1nn', 'BT7 1NN'],
      ['L S 1 9 Z Q', 'LS1 9ZQ'],
    ]) {
      expect(normaliseUkPostcode(typed ?? ''), typed).toBe(stored);
    }
  });

  it('keeps what is not a whole UK postcode, in capitals with single spaces', () => {
    expect(normaliseUkPostcode(' ll61 ')).toBe('LL61');
    expect(normaliseUkPostcode('bfpo  105')).toBe('BFPO 105');
    expect(normaliseUkPostcode('')).toBe('');
  });

  it('keeps a postcode outside the UK as typed, only trimmed', () => {
    expect(addressPostcode('  75008 ', false)).toBe('75008');
    expect(addressPostcode(' d02 x285 ', false)).toBe('d02 x285');
    expect(addressPostcode('1012 ab', false)).toBe('1012 ab');
    expect(addressPostcode(' ll61 5uj ', true)).toBe('LL61 5UJ');
  });

  it('tells a UK county (or none) from a country of the Country pick-list', () => {
    expect(isUkCounty('')).toBe(true);
    expect(isUkCounty('Gwynedd')).toBe(true);
    expect(isUkCounty('Gwynedd (Wales)')).toBe(true);
    expect(isUkCounty('county antrim')).toBe(true);
    expect(isUkCounty('France')).toBe(false);
    expect(isUkCounty('Ireland')).toBe(false);
    expect(isUkCountry('')).toBe(true);
    expect(isUkCountry(' United Kingdom ')).toBe(true);
    expect(isUkCountry('Wales')).toBe(true);
    expect(isUkCountry('Netherlands')).toBe(false);
  });

  it('every address form and route stores the postcode so: sign-up, a site, the company, the contact form', () => {
    const signUp = {
      companyName: 'Siop Ŵyl Dewi Cyf',
      title: 'Mr',
      firstname: 'Dewi',
      surname: 'Jones',
      address1: '1 Stryd Fawr',
      town: 'Llangefni',
      postcode: 'll77 7aa',
      county: 'Gwynedd (Wales)',
      email: 'dewi@example.com',
      tel: '01248 000000',
      userName: 'dewijones',
      password: 'correct horse battery',
      siteName: 'Siop',
      keyInfo: 'Recordings are kept 30 days.',
      signRef: 'K7QM-3XWD-P9TE',
      prefixNo: 'KQT40817',
      masterUser: 1 as const,
    };
    expect(signUpBody.parse(signUp)).toMatchObject({ postcode: 'LL77 7AA', county: 'Gwynedd' });
    expect(signUpBody.parse({ ...signUp, postcode: ' 75008 ', county: 'France' }).postcode).toBe('75008');

    const site = { name: 'Yard', keyInfo: 'Kept 30 days.', retentionDays: 30 };
    expect(siteBody.parse({ ...site, postcode: 'll61 5uj' }).postcode).toBe('LL61 5UJ');
    expect(siteBody.parse({ ...site, postcode: 'll61 5uj', county: 'Gwynedd (Wales)' }).postcode).toBe(
      'LL61 5UJ',
    );
    expect(siteBody.parse({ ...site, postcode: ' d02 x285', county: 'Ireland' }).postcode).toBe('d02 x285');
    expect(companyBody.parse({ name: 'Siop', postcode: 'sw1a1aa' }).postcode).toBe('SW1A 1AA');
    expect(companyBody.parse({ name: 'Siop', postcode: '1012 ab ', county: 'Netherlands' }).postcode).toBe(
      '1012 ab',
    );

    const contact = contactDataSchema({ postCode: 'optional', country: 'optional', message: 'required' });
    expect(contact.parse({ postCode: 'ec1a1bb', message: 'Hello' }).postCode).toBe('EC1A 1BB');
    expect(contact.parse({ postCode: 'ec1a1bb', country: 'UK', message: 'Hello' }).postCode).toBe('EC1A 1BB');
    expect(contact.parse({ postCode: ' 75008 ', country: 'France', message: 'Hello' }).postCode).toBe(
      '75008',
    );
  });
});
