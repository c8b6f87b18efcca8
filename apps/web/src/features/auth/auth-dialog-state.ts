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
    }
  /** Opened from a reset link (`?value=`); the value is the reset token. */
  | { kind: 'reset'; token: string };

/** The query parameters that open a dialog; closing a dialog removes them. */
export const CONFIRM_PARAM = 'userId';
/** The single-use token beside `userId` in the confirmation link (docs/decisions/0003). */
export const CONFIRM_TOKEN_PARAM = 'token';
export const RESET_PARAM = 'value';

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
