import { ADDRESS_SEARCH_MIN, type AddressDetail, type AddressSuggestion } from '@app/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { useCombobox } from 'downshift';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
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

const { stateChangeTypes } = useCombobox;

/** The list's tallest (15rem at the default font size) and its gap from the field, in pixels. */
const MENU_MAX_PX = 240;
const MENU_GAP_PX = 4;

/**
 * The part of the window the field can be seen in: the viewport, cut down by every scrolling
 * ancestor (the sign-up dialog scrolls inside the window).
 */
function visibleArea(element: HTMLElement): { top: number; bottom: number } {
  let top = 0;
  let bottom = window.innerHeight;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'visible' || overflowY === 'clip') continue;
    const box = parent.getBoundingClientRect();
    top = Math.max(top, box.top + parent.clientTop);
    bottom = Math.min(bottom, box.top + parent.clientTop + parent.clientHeight);
  }
  return { top, bottom };
}

type Placement = { side: 'below' | 'above'; maxHeight: number };

/** Below the field when the list fits there, else on the side with more room, never taller than that room. */
function placeMenu(input: HTMLElement, menu: HTMLElement): Placement {
  const area = visibleArea(input);
  const field = input.getBoundingClientRect();
  const below = area.bottom - field.bottom - MENU_GAP_PX;
  const above = field.top - area.top - MENU_GAP_PX;
  const wanted = Math.min(menu.scrollHeight, MENU_MAX_PX);
  const side = below >= wanted || below >= above ? 'below' : 'above';
  return { side, maxHeight: Math.max(0, Math.min(MENU_MAX_PX, side === 'below' ? below : above)) };
}

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
  // A search that found nothing says so, and what to do, rather than leaving the person waiting
  // for a list that will not come. Only for the text as it now stands (not while more is typed).
  const searched = term.trim();
  const noMatch =
    suggestions.isSuccess && items.length === 0 && searched.length >= ADDRESS_SEARCH_MIN && term === typed;
  const inputRef = useRef<HTMLInputElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [placement, setPlacement] = useState<Placement>({ side: 'below', maxHeight: MENU_MAX_PX });

  // The list floats over the form, on whichever side of the field it can be seen whole, and
  // follows the field while the page or the dialog scrolls or the window changes size.
  useLayoutEffect(() => {
    if (!isOpen || items.length === 0) return;
    const place = () => {
      if (!inputRef.current || !menuRef.current) return;
      const next = placeMenu(inputRef.current, menuRef.current);
      setPlacement((now) => (now.side === next.side && now.maxHeight === next.maxHeight ? now : next));
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [isOpen, items]);

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

  const describedBy = [hint ? `${id}-hint` : '', noMatch ? `${id}-none` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

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
      <div className={styles.anchor}>
        <input
          {...getInputProps({
            ref: inputRef,
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
        <ul
          {...getMenuProps({
            ref: menuRef,
            className: placement.side === 'above' ? `${styles.menu} ${styles.above}` : styles.menu,
            style: { maxHeight: placement.maxHeight } satisfies CSSProperties,
          })}
          hidden={!isOpen}
        >
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
      </div>
      {noMatch && (
        <p id={`${id}-none`} className={styles.hint}>
          No address matches “{searched}”. Type the address in full: its first line here and the rest in the
          boxes below.
        </p>
      )}
      <p className={styles.visuallyHidden} role="status">
        {isOpen
          ? `${items.length} ${items.length === 1 ? 'address' : 'addresses'} found.`
          : noMatch
            ? 'No address found.'
            : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
