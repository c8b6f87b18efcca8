/** SPEC.md section 4: the modes of the account dialog, switchable from each other. */
export type AccountMode = 'signIn' | 'signUp' | 'forgotPassword';

export type AuthDialogState =
  | { kind: 'closed' }
  /** `confirmUserId` set: opened from the confirmation link (`?userId=`), titled 'Confirm Account'. */
  | {
      kind: 'account';
      mode: AccountMode;
      confirmUserId: string | null;
      /** The signed-in page that asked for the sign-in: where signing in leads instead of /your-sites. */
      returnTo?: string;
      /** Sign-in with this user name filled in (after a password reset, or a used confirmation link). */
      userName?: string;
      /** What the sign-in says first: why the person is asked to sign in now. */
      notice?: string;
    }
  /** Opened from a reset link (`?value=`); the value is the reset token. */
  | { kind: 'reset'; token: string };

/** The query parameters that open a dialog; closing a dialog removes them. */
export const CONFIRM_PARAM = 'userId';
/** The single-use token beside `userId` in the confirmation link (docs/decisions/0003). */
export const CONFIRM_TOKEN_PARAM = 'token';
export const RESET_PARAM = 'value';
/** Opens the sign-up dialog: the content's "Create an account" buttons link to `?signup=1`. */
export const SIGN_UP_PARAM = 'signup';

/**
 * The history entry of a sign-up step (router state), so the browser's or the phone's Back goes
 * to the previous step instead of leaving the page. `depth` counts the entries sign-up added.
 */
export interface SignUpEntry {
  signUpStep: 1 | 2 | 3 | 4;
  signUpDepth: number;
}

export function signUpEntryOf(state: unknown): SignUpEntry {
  if (typeof state === 'object' && state !== null && 'signUpStep' in state && 'signUpDepth' in state) {
    const { signUpStep, signUpDepth } = state;
    if (
      (signUpStep === 1 || signUpStep === 2 || signUpStep === 3 || signUpStep === 4) &&
      typeof signUpDepth === 'number' &&
      Number.isInteger(signUpDepth) &&
      signUpDepth >= 0
    ) {
      return { signUpStep, signUpDepth };
    }
  }
  return { signUpStep: 1, signUpDepth: 0 };
}

export function authDialogTitle(state: Exclude<AuthDialogState, { kind: 'closed' }>): string {
  if (state.kind === 'reset') return 'Reset Password';
  if (state.confirmUserId !== null) return 'Confirm Account';
  switch (state.mode) {
    case 'signIn':
      return 'Sign In';
    case 'signUp':
      return 'Create An Account';
    case 'forgotPassword':
      return 'Forgot Password';
  }
}
