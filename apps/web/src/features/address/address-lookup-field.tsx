import type { AddressDetail, AddressSuggestion } from '@app/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { useCombobox } from 'downshift';
import { useState } from 'react';
import styles from './address-lookup-field.module.css';
import { fetchAddressDetail } from './api/address-detail';
import { addressSuggestionsQuery } from './api/address-suggestions';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the suggestions are asked for. */
export const ADDRESS_DEBOUNCE_MS = 300;

export interface AddressLookupFieldProps {
  id: string;
  label: string;
  hint?: string;
  /** The first address line as typed (the field doubles as manual entry). */
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen and its address fetched: fill in the address fields from it. */
  onAddressChosen: (address: AddressDetail) => void;
  /** Shown under the field, announced, and tied to the input. */
  error?: string | undefined;
  required?: boolean;
}

/** The address fields of a site or a company record, filled from a chosen suggestion. */
export function addressLines(address: AddressDetail) {
  return {
    address1: address.line_1,
    address2: address.line_2,
    address3: address.line_3,
    town: address.town_or_city,
    postcode: address.postcode,
    county: address.county,
  };
}

const { stateChangeTypes } = useCombobox;

/**
 * The first address line, with suggestions from the address look-up as the user types (3 or more
 * characters). Choosing one fills the whole address; the user may also just type it. A failed
 * look-up gives no suggestions and leaves manual entry (SPEC.md section 8).
 */
export function AddressLookupField({
  id,
  label,
  hint,
  value,
  onChange,
  onAddressChosen,
  error,
  required,
}: AddressLookupFieldProps) {
  // The text the user typed last: the field's value also changes when a chosen address fills it,
  // and that must not start a new search.
  const [typed, setTyped] = useState('');
  const [menuWanted, setMenuWanted] = useState(false);
  const term = useDebouncedValue(typed, ADDRESS_DEBOUNCE_MS);
  const suggestions = useQuery(addressSuggestionsQuery(term));
  const items = suggestions.data ?? [];
  const isOpen = menuWanted && items.length > 0;

  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<AddressSuggestion>({
      items,
      inputId: id,
      isOpen,
      // Never "selected": every choice, even of the same suggestion again, fetches and fills.
      selectedItem: null,
      itemToString: (item) => item?.address ?? '',
      itemToKey: (item) => item?.id,
      onIsOpenChange: ({ isOpen: open }) => setMenuWanted(open),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) void choose(selectedItem);
      },
      stateReducer: (state, { type, changes }) => {
        switch (type) {
          // Escape and leaving the field close the list but keep what was typed (manual entry).
          case stateChangeTypes.InputKeyDownEscape:
          case stateChangeTypes.InputBlur:
            return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
          default:
            return changes;
        }
      },
    });

  async function choose(suggestion: AddressSuggestion) {
    setMenuWanted(false);
    const detail = await fetchAddressDetail(suggestion.id);
    if (detail) onAddressChosen(detail);
  }

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <label {...getLabelProps({ className: styles.label })} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        {...getInputProps({
          // The value is ours, set in the change event itself: downshift reports changes after
          // rendering, and a controlled input updated that late drops keys typed quickly.
          // A chosen address replaces it (its first line), not the suggestion's one-line summary.
          value,
          onChange: (event) => {
            onChange(event.currentTarget.value);
            setTyped(event.currentTarget.value);
          },
          className: styles.input,
          autoComplete: 'address-line1',
          required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
      />
      <ul {...getMenuProps({ className: styles.menu })} hidden={!isOpen}>
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.id}
              {...getItemProps({
                item,
                index,
                className:
                  index === highlightedIndex ? `${styles.option} ${styles.highlighted}` : styles.option,
              })}
            >
              {item.address}
            </li>
          ))}
      </ul>
      <p className={styles.visuallyHidden} role="status">
        {isOpen ? `${items.length} ${items.length === 1 ? 'address' : 'addresses'} found.` : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
