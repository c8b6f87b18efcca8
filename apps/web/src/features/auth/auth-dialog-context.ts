import { createContext, use } from 'react';
import type { AccountMode, AuthDialogState } from './auth-dialog-state';

// Apart from the provider, which loads the dialogs lazily: the dialogs use these controls too, and
// the provider and the dialogs would otherwise import each other.

export interface AuthDialogControls {
  state: AuthDialogState;
  /** Opens the account dialog in sign-in mode (the quick menu's 'Sign In'). */
  openSignIn: () => void;
  /** Opens it from a page that needs a session: signing in returns to `returnTo`. */
  openSignInFor: (returnTo: string, userName?: string) => void;
  /**
   * Ordinary sign-in with the user name filled in and a notice of why, in place of the dialog a
   * mailed link opened (a reset done, an account confirmed already); removes the link's parameters.
   */
  openSignInAs: (userName: string, notice: string) => void;
  /** Switches the open account dialog between sign-in, sign-up and forgot-password. */
  setMode: (mode: AccountMode) => void;
  /** Closes any dialog, resets it to sign-in and removes `userId` (and its `token`) / `value` from the address. */
  close: () => void;
}

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

export function useAuthDialog(): AuthDialogControls {
  const controls = use(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return controls;
}
