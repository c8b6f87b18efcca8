import { type AddressDetail, KEY_INFO_MAX, SITE_NAME_MAX } from '@app/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AddressLookupField } from '../address/address-lookup-field';
import { countryNamesQuery } from './countries';
import formStyles from './form.module.css';
import { CheckboxField, SelectField, TextAreaField, TextField, type TextFieldProps } from './form-fields';
import { KEY_INFO_EXAMPLE, type SignUpStepProps } from './sign-up-form';
import { countyOption, UK_COUNTY_OPTIONS } from './uk-counties';

/** SPEC.md section 4: how long the Copy button's 'Copied!' shows. */
export const COPIED_MS = 2000;

function useCopied(): [boolean, () => void] {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  return [copiedAt !== null, () => setCopiedAt(Date.now())];
}

/** Step 3: the company and its contact, the address, and the first site. */
export function SignUpDetailsStep({ values, set, idOf, errorOf }: SignUpStepProps) {
  const countries = useQuery({ ...countryNamesQuery, enabled: !values.inUk });
  const [copied, markCopied] = useCopied();

  const fillAddress = (address: AddressDetail) => {
    set('address1', address.line_1);
    set('address2', address.line_2);
    set('address3', address.line_3);
    set('town', address.town_or_city);
    set('postcode', address.postcode);
    // The look-up only knows UK addresses, so its county belongs in the County list.
    set('inUk', true);
    set('county', countyOption(address.county) ?? address.county);
  };

  const copyExample = () => {
    set('keyInfo', KEY_INFO_EXAMPLE);
    markCopied();
    // The form is filled either way; the clipboard is a convenience the browser may refuse.
    navigator.clipboard?.writeText(KEY_INFO_EXAMPLE).catch(() => undefined);
  };

  const text = (
    field: 'companyName' | 'title' | 'firstname' | 'surname' | 'email' | 'confirmEmail' | 'tel',
    label: string,
    input: Pick<TextFieldProps, 'type' | 'autoComplete'> = {},
  ) => (
    <TextField
      {...input}
      id={idOf(field)}
      label={label}
      value={values[field]}
      onChange={(value) => set(field, value)}
      required
      error={errorOf(field)}
    />
  );

  return (
    <>
      <fieldset className={formStyles.section}>
        <legend className={formStyles.sectionTitle}>Your details</legend>
        {text('companyName', 'Company Name', { autoComplete: 'organization' })}
        <div className={formStyles.pair}>
          {text('title', 'Title', { autoComplete: 'honorific-prefix' })}
          {text('firstname', 'First Name', { autoComplete: 'given-name' })}
        </div>
        {text('surname', 'Surname', { autoComplete: 'family-name' })}
        <div className={formStyles.pair}>
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {text('confirmEmail', 'Confirm Email', { type: 'email', autoComplete: 'email' })}
        </div>
        {text('tel', 'Telephone', { type: 'tel', autoComplete: 'tel' })}
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.sectionTitle}>Address</legend>
        <AddressLookupField
          id={idOf('address1')}
          label="Address 1"
          hint="Start typing the address or postcode and choose it from the list, or type it in full."
          value={values.address1}
          onChange={(value) => set('address1', value)}
          onAddressChosen={fillAddress}
          required
          error={errorOf('address1')}
        />
        <TextField
          id={idOf('address2')}
          label="Address 2 (optional)"
          value={values.address2}
          onChange={(value) => set('address2', value)}
          autoComplete="address-line2"
        />
        <TextField
          id={idOf('address3')}
          label="Address 3 (optional)"
          value={values.address3}
          onChange={(value) => set('address3', value)}
          autoComplete="address-line3"
        />
        <div className={formStyles.pair}>
          <TextField
            id={idOf('town')}
            label="Town/City"
            value={values.town}
            onChange={(value) => set('town', value)}
            autoComplete="address-level2"
            required
            error={errorOf('town')}
          />
          <TextField
            id={idOf('postcode')}
            label="Post Code"
            value={values.postcode}
            onChange={(value) => set('postcode', value)}
            autoComplete="postal-code"
            autoCapitalize="characters"
            required
            error={errorOf('postcode')}
          />
        </div>
        <CheckboxField
          id={idOf('inUk')}
          checked={values.inUk}
          onChange={(checked) => {
            set('inUk', checked);
            // A county is no country and the other way round: the choice starts again.
            set('county', '');
          }}
        >
          UK including Northern Ireland
        </CheckboxField>
        {values.inUk ? (
          <SelectField
            id={idOf('county')}
            label="County"
            placeholder="Choose a county"
            options={UK_COUNTY_OPTIONS}
            value={values.county}
            onChange={(value) => set('county', value)}
            required
            error={errorOf('county')}
          />
        ) : (
          <SelectField
            id={idOf('county')}
            label="Country"
            placeholder={countries.data ? 'Choose a country' : 'Loading countries...'}
            options={countries.data ?? []}
            value={values.county}
            onChange={(value) => set('county', value)}
            autoComplete="country-name"
            required
            error={errorOf('county')}
          />
        )}
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.sectionTitle}>Your first site</legend>
        <p className={formStyles.readout}>
          Sign reference: <strong>{values.signRef.trim()}</strong>
        </p>
        <TextField
          id={idOf('siteName')}
          label="Site Name"
          hint="The name of the place the cameras watch, e.g. the shop, office or car park."
          value={values.siteName}
          onChange={(value) => set('siteName', value)}
          maxLength={SITE_NAME_MAX}
          required
          error={errorOf('siteName')}
        />
        <p className={formStyles.readout}>
          People who look up your sign read the key information about your scheme: why the cameras are there,
          how often recordings are reviewed, how long they are kept and who may see them. For example:
        </p>
        <p className={formStyles.example}>{KEY_INFO_EXAMPLE}</p>
        <div className={formStyles.exampleRow}>
          <button type="button" className={formStyles.secondary} onClick={copyExample}>
            Copy
          </button>
          <span className={formStyles.copied} role="status">
            {copied ? 'Copied!' : ''}
          </span>
        </div>
        <TextAreaField
          id={idOf('keyInfo')}
          label="Key Information"
          value={values.keyInfo}
          onChange={(value) => set('keyInfo', value)}
          maxLength={KEY_INFO_MAX}
          required
          error={errorOf('keyInfo')}
        />
      </fieldset>
    </>
  );
}
