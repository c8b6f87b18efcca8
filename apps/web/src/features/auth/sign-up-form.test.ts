import { describe, expect, it } from 'vitest';
import { countyOption, UK_COUNTY_OPTIONS } from '../../components/address/uk-counties';
import { checkSubmit, toSignUpBody } from './sign-up-form';
import { emptySignUp, type SignUpValues } from './sign-up-values';

const complete: SignUpValues = {
  ...emptySignUp,
  signRef: 'K7QM-3XWD-P9TE',
  prefixNo: 'KQT40817',
  termsChecked: true,
  userName: 'operator',
  password: 'secret-pass',
  cpassword: 'secret-pass',
  companyName: 'Acme Security Ltd',
  title: 'Ms',
  firstname: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  tel: '0113 496 0000',
  address1: '1 Lantern Row',
  town: 'Leeds',
  postcode: 'LS1 9ZQ',
  county: 'County Antrim (Northern Ireland)',
  siteName: 'Front car park',
  keyInfo: 'Crime prevention.',
};

describe('sign-up form', () => {
  it('accepts a complete form', () => {
    expect(checkSubmit(complete)).toBeNull();
  });

  // Steps 1 and 2 already insist on these, so the dialog never gets this far without them; the
  // final check still holds them to the spec's words (SPEC.md section 5).
  it.each([
    ['userName', 'Please fill out the required field: User Name'],
    ['password', 'Please fill out the required field: password'],
    ['signRef', 'Please fill out the required field: signRef'],
    ['county', 'Please fill out the required field: county'],
    ['siteName', 'Please fill out the required field: Site Name'],
    ['keyInfo', 'Please fill out the required field: Key Information'],
  ] as const)('on submit requires %s: %j', (field, message) => {
    expect(checkSubmit({ ...complete, [field]: '  ' })).toEqual({ field, message });
  });

  it('sends the county without its nation, the prefix number, masterUser 1 and no form-only fields', () => {
    const body = toSignUpBody(complete);
    expect(body.county).toBe('County Antrim');
    expect(body).toMatchObject({ prefixNo: 'KQT40817', masterUser: 1 });
    for (const formOnly of ['cpassword', 'confirmEmail', 'termsChecked', 'inUk']) {
      expect(body).not.toHaveProperty(formOnly);
    }
  });

  it('lists the counties of all four nations once each, and finds a looked-up county', () => {
    expect(new Set(UK_COUNTY_OPTIONS).size).toBe(UK_COUNTY_OPTIONS.length);
    for (const nation of ['England', 'Wales', 'Scotland', 'Northern Ireland']) {
      expect(UK_COUNTY_OPTIONS.some((option) => option.endsWith(`(${nation})`))).toBe(true);
    }
    expect(countyOption('west yorkshire')).toBe('West Yorkshire (England)');
    expect(countyOption('South Glamorgan')).toBe('South Glamorgan (Wales)');
    expect(countyOption('Atlantis')).toBeUndefined();
  });
});
