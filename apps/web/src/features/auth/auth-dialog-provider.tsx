import { createContext, lazy, type ReactNode, Suspense, use, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInBrowser } from '../../lib/in-browser';
import { SignInPromptContext } from '../../lib/sign-in-prompt';
import {
  type AccountMode,
  type AuthDialogState,
  CONFIRM_PARAM,
  CONFIRM_TOKEN_PARAM,
  RESET_PARAM,
} from './auth-dialog-state';

export interface AuthDialogControls {
  state: AuthDialogState;
  /** Opens the account dialog in sign-in mode (the quick menu's 'Sign In'). */
  openSignIn: () => void;
  /** Opens it from a page that needs a session: signing in returns to `returnTo`. */
  openSignInFor: (returnTo: string) => void;
  /** Switches the open account dialog between sign-in, sign-up and forgot-password. */
  setMode: (mode: AccountMode) => void;
  /** Closes any dialog, resets it to sign-in and removes `userId` (and its `token`) / `value` from the address. */
  close: () => void;
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null);

// Radix and the forms load on first open, keeping them out of the first paint.
const AuthDialogs = lazy(() => import('./auth-dialogs').then((m) => ({ default: m.AuthDialogs })));

/** Holds the dialog state; must sit inside the router because links open dialogs through the query string. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [local, setLocal] = useState<{ open: boolean; mode: AccountMode; returnTo?: string }>({
    open: false,
    mode: 'signIn',
  });
  // A mailed link's dialog opens in the browser: the server draws the page under it.
  const inBrowser = useInBrowser();
  const confirmUserId = searchParams.get(CONFIRM_PARAM);
  const resetToken = searchParams.get(RESET_PARAM);

  // The address wins over local state, so a link opens its dialog even with another one open.
  const state: AuthDialogState = useMemo(() => {
    if (resetToken !== null) return { kind: 'reset', token: resetToken };
    if (confirmUserId !== null) return { kind: 'account', mode: 'signIn', confirmUserId };
    if (local.open)
      return { kind: 'account', mode: local.mode, confirmUserId: null, returnTo: local.returnTo };
    return { kind: 'closed' };
  }, [resetToken, confirmUserId, local]);

  const close = useCallback(() => {
    setLocal({ open: false, mode: 'signIn' });
    if (confirmUserId === null && resetToken === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (confirmUserId !== null) next.delete(CONFIRM_TOKEN_PARAM);
        next.delete(CONFIRM_PARAM);
        next.delete(RESET_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams, confirmUserId, resetToken]);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      state,
      openSignIn: () => setLocal({ open: true, mode: 'signIn' }),
      openSignInFor: (returnTo) => setLocal({ open: true, mode: 'signIn', returnTo }),
      // Switching to sign-up and back keeps the page to return to.
      setMode: (mode) => setLocal((current) => ({ open: true, mode, returnTo: current.returnTo })),
      close,
    }),
    [state, close],
  );

  return (
    <AuthDialogContext value={controls}>
      <SignInPromptContext value={controls.openSignInFor}>{children}</SignInPromptContext>
      {inBrowser && state.kind !== 'closed' && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}

export function useAuthDialog(): AuthDialogControls {
  const controls = use(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return controls;
}
