import { emptySignUp, type SignUpValues } from './sign-up-values';

/**
 * What the sign-up dialog has been given so far, kept in this tab's sessionStorage so a refresh
 * (or the browser reloading a page it had put away) brings it back. Never the passwords: they
 * would sit in the browser's storage in plain text, readable by any script of the site.
 */
export interface SignUpDraft {
  values: Omit<SignUpValues, 'password' | 'cpassword'>;
  /** The furthest step the person reached (its checks passed). */
  reached: 1 | 2 | 3;
  /** The dialog was open in sign-up when the page went: it opens again on load. */
  open: boolean;
}

export const SIGN_UP_DRAFT_KEY = 'signUpDraft';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage switched off (some private modes): the form still works, it is only not kept.
    return undefined;
  }
}

const isStep = (value: unknown): value is 1 | 2 | 3 => value === 1 || value === 2 || value === 3;

/** The kept draft, with only the fields the form knows, each of the right type. */
export function readSignUpDraft(): SignUpDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(SIGN_UP_DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { values, reached, open } = parsed as Record<string, unknown>;
  if (typeof values !== 'object' || values === null || !isStep(reached)) return null;
  const kept = { ...emptySignUp } as Record<string, unknown>;
  for (const [field, empty] of Object.entries(emptySignUp)) {
    const value = (values as Record<string, unknown>)[field];
    if (field !== 'password' && field !== 'cpassword' && typeof value === typeof empty) kept[field] = value;
  }
  const { password: _p, cpassword: _c, ...rest } = kept as unknown as SignUpValues;
  return { values: rest, reached, open: open === true };
}

export function saveSignUpDraft(values: SignUpValues, reached: 1 | 2 | 3, open: boolean): void {
  const { password: _p, cpassword: _c, ...rest } = values;
  try {
    storage()?.setItem(SIGN_UP_DRAFT_KEY, JSON.stringify({ values: rest, reached, open }));
  } catch {
    // Full or refused: nothing is kept, as when storage is off.
  }
}

/** The dialog went without registering or clearing: the draft stays for the next time, closed. */
export function closeSignUpDraft(): void {
  const draft = readSignUpDraft();
  if (draft?.open) saveSignUpDraft({ ...draft.values, password: '', cpassword: '' }, draft.reached, false);
}

export function clearSignUpDraft(): void {
  storage()?.removeItem(SIGN_UP_DRAFT_KEY);
}

/** Whether the person has typed or ticked anything in the form. */
export function hasTypedDetails(values: SignUpValues): boolean {
  return (Object.keys(emptySignUp) as (keyof SignUpValues)[]).some(
    (field) => field !== 'inUk' && values[field] !== emptySignUp[field],
  );
}
