import { type AddressDetail, stripParenthesised } from '@app/contract/accounts';
import { workspaceLimits as L } from '@app/contract/workspace';
import { useQuery } from '@tanstack/react-query';
import { AddressLookupField } from './address-lookup-field';
import styles from './address-lookup-field.module.css';
import { countryNamesQuery } from './countries';
import { countyOption, UK_COUNTY_OPTIONS } from './uk-counties';

/** An address as its form holds it: the county as a pick-list entry ('Kent (England)') or a country. */
export interface AddressValues {
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  /** 'UK including Northern Ireland': County pick-list when on, Country when off. */
  inUk: boolean;
  county: string;
}
export type AddressField = keyof AddressValues;

type StoredAddress = Omit<AddressValues, 'inUk'>;

/**
 * A stored address in the form: a county the pick-list knows is chosen there ('Kent' becomes
 * 'Kent (England)'); any other value is taken for a country, kept as it is.
 */
export function addressFormValues(stored: StoredAddress): AddressValues {
  const county = countyOption(stored.county);
  return {
    address1: stored.address1,
    address2: stored.address2,
    address3: stored.address3,
    town: stored.town,
    postcode: stored.postcode,
    inUk: !stored.county.trim() || county !== undefined,
    county: county ?? stored.county,
  };
}

/** The address as sent: the nation label in brackets removed from the county (SPEC.md section 5). */
export function storedAddress(values: AddressValues): StoredAddress {
  return {
    address1: values.address1,
    address2: values.address2,
    address3: values.address3,
    town: values.town,
    postcode: values.postcode,
    county: stripParenthesised(values.county),
  };
}

export interface AddressFieldsProps {
  values: AddressValues;
  /** Several fields change at once when a looked-up address is chosen. */
  onChange: (patch: Partial<AddressValues>) => void;
  /** The id of a field's input, for its label and for moving focus to it. */
  idOf: (field: AddressField) => string;
  errorOf?: (field: AddressField) => string | undefined;
  /** Sign-up asks for Address 1, Town/City, Post Code and County; elsewhere all may stay empty. */
  required?: boolean;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * The one address form of the product (sign-up, a site, the company): Address 1 with the look-up's
 * suggestions, Address 2 and 3, Town/City, Post Code, the 'UK including Northern Ireland' checkbox
 * and the County or Country pick-list.
 */
export function AddressFields({
  values,
  onChange,
  idOf,
  errorOf = () => undefined,
  required,
}: AddressFieldsProps) {
  const countries = useQuery({ ...countryNamesQuery, enabled: !values.inUk });

  const choose = (address: AddressDetail) =>
    onChange({
      address1: address.line_1,
      address2: address.line_2,
      address3: address.line_3,
      town: address.town_or_city,
      postcode: address.postcode,
      // The look-up only knows UK addresses, so its county belongs in the County list.
      inUk: true,
      county: countyOption(address.county) ?? address.county,
    });

  const text = (
    field: 'address2' | 'address3' | 'town' | 'postcode',
    label: string,
    max: number,
    input: { autoComplete: string; autoCapitalize?: string; required?: boolean },
  ) => {
    const id = idOf(field);
    const error = errorOf(field);
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          value={values[field]}
          maxLength={max}
          onChange={(event) => onChange({ [field]: event.target.value })}
          autoComplete={input.autoComplete}
          autoCapitalize={input.autoCapitalize}
          required={input.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
        />
        {error && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };

  const optional = required ? ' (optional)' : '';
  const countyId = idOf('county');
  const countyError = errorOf('county');
  const options = values.inUk ? UK_COUNTY_OPTIONS : (countries.data ?? []);
  // A value from elsewhere (an older record) that the list lacks is kept as a choice of its own.
  const choices = values.county && !options.includes(values.county) ? [values.county, ...options] : options;
  const inUkId = idOf('inUk');

  return (
    <>
      <AddressLookupField
        id={idOf('address1')}
        label="Address 1"
        hint="Start typing the address or postcode and choose it from the list, or type it in full."
        value={values.address1}
        onChange={(address1) => onChange({ address1 })}
        onAddressChosen={choose}
        required={required}
        error={errorOf('address1')}
      />
      {text('address2', `Address 2${optional}`, L.addressLine, { autoComplete: 'address-line2' })}
      {text('address3', `Address 3${optional}`, L.addressLine, { autoComplete: 'address-line3' })}
      <div className={styles.pair}>
        {text('town', 'Town/City', L.town, { autoComplete: 'address-level2', required })}
        {text('postcode', 'Post Code', L.postcode, {
          autoComplete: 'postal-code',
          autoCapitalize: 'characters',
          required,
        })}
      </div>
      <div className={styles.checkbox}>
        <input
          id={inUkId}
          type="checkbox"
          checked={values.inUk}
          // A county is no country and the other way round: the choice starts again.
          onChange={(event) => onChange({ inUk: event.target.checked, county: '' })}
        />
        <label htmlFor={inUkId}>UK including Northern Ireland</label>
      </div>
      <div className={styles.field}>
        <label htmlFor={countyId} className={styles.label}>
          {values.inUk ? 'County' : 'Country'}
        </label>
        <select
          // A new element for the other list: its choice and its loading state start afresh.
          key={values.inUk ? 'county' : 'country'}
          id={countyId}
          className={styles.input}
          value={values.county}
          onChange={(event) => onChange({ county: event.target.value })}
          autoComplete={values.inUk ? undefined : 'country-name'}
          required={required}
          aria-invalid={countyError ? true : undefined}
          aria-describedby={describedBy(countyError && `${countyId}-error`)}
        >
          <option value="">
            {values.inUk ? 'Choose a county' : countries.data ? 'Choose a country' : 'Loading countries...'}
          </option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        {countyError && (
          <p id={`${countyId}-error`} className={styles.error} role="alert">
            {countyError}
          </p>
        )}
      </div>
    </>
  );
}
