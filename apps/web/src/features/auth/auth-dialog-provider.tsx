import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useInBrowser } from '../../lib/in-browser';
import { SignInPromptContext } from '../../lib/sign-in-prompt';
import { AuthDialogContext, type AuthDialogControls } from './auth-dialog-context';
import {
  type AccountMode,
  type AuthDialogState,
  CONFIRM_PARAM,
  CONFIRM_TOKEN_PARAM,
  RESET_PARAM,
  SIGN_UP_PARAM,
  signUpEntryOf,
} from './auth-dialog-state';
import { clearSignUpDraft, closeSignUpDraft, readSignUpDraft } from './sign-up-draft';

// Radix and the forms load on first open, keeping them out of the first paint.
const AuthDialogs = lazy(() => import('./auth-dialogs').then((m) => ({ default: m.AuthDialogs })));

interface LocalState {
  open: boolean;
  mode: AccountMode;
  returnTo?: string;
  userName?: string;
  notice?: string;
}

const closedState: LocalState = { open: false, mode: 'signIn' };

/** Holds the dialog state; must sit inside the router because links open dialogs through the query string. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // A refresh in the middle of signing up opens sign-up again, with what was typed (sign-up-draft.ts).
  const [local, setLocal] = useState<LocalState>(() =>
    readSignUpDraft()?.open ? { open: true, mode: 'signUp' } : closedState,
  );
  // A mailed link's dialog opens in the browser: the server draws the page under it.
  const inBrowser = useInBrowser();
  const confirmUserId = searchParams.get(CONFIRM_PARAM);
  const resetToken = searchParams.get(RESET_PARAM);
  const signUpAsked = searchParams.has(SIGN_UP_PARAM);
  const signUpDepth = signUpEntryOf(location.state).signUpDepth;

  // The address wins over local state, so a link opens its dialog even with another one open.
  const state: AuthDialogState = useMemo(() => {
    if (resetToken !== null) return { kind: 'reset', token: resetToken };
    if (confirmUserId !== null) return { kind: 'account', mode: 'signIn', confirmUserId };
    if (local.open) {
      const { open: _open, ...account } = local;
      return { kind: 'account', confirmUserId: null, ...account };
    }
    return { kind: 'closed' };
  }, [resetToken, confirmUserId, local]);

  /** Sign-up's own history entries go with it, so Back after closing leaves the page at once. */
  const dropSignUpEntries = useCallback(() => {
    if (signUpDepth > 0) navigate(-signUpDepth);
  }, [navigate, signUpDepth]);

  const dropLinkParams = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (next.has(CONFIRM_PARAM)) next.delete(CONFIRM_TOKEN_PARAM);
        next.delete(CONFIRM_PARAM);
        next.delete(RESET_PARAM);
        next.delete(SIGN_UP_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);

  // The content's "Create an account" buttons link to `?signup=1`: it opens sign-up on the page
  // it is on and leaves the address as it was.
  useEffect(() => {
    if (!signUpAsked) return;
    setLocal((current) => ({ open: true, mode: 'signUp', returnTo: current.returnTo }));
    dropLinkParams();
  }, [signUpAsked, dropLinkParams]);

  const close = useCallback(() => {
    if (local.open && local.mode === 'signUp') dropSignUpEntries();
    // SPEC.md section 4: closing resets the fields (sign-up asks first when any were typed).
    clearSignUpDraft();
    setLocal(closedState);
    if (confirmUserId === null && resetToken === null) return;
    dropLinkParams();
  }, [dropLinkParams, confirmUserId, resetToken, local, dropSignUpEntries]);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      state,
      openSignIn: () => setLocal({ open: true, mode: 'signIn' }),
      openSignInFor: (returnTo, userName) =>
        setLocal({ open: true, mode: 'signIn', returnTo, ...(userName === undefined ? {} : { userName }) }),
      openSignInAs: (userName, notice) => {
        setLocal({ open: true, mode: 'signIn', userName, notice });
        dropLinkParams();
      },
      // Switching to sign-up and back keeps the page to return to.
      setMode: (mode) => {
        // Switching away keeps what was typed for coming back; a refresh then opens sign-in.
        if (local.open && local.mode === 'signUp' && mode !== 'signUp') {
          closeSignUpDraft();
          dropSignUpEntries();
        }
        setLocal((current) => ({ open: true, mode, returnTo: current.returnTo }));
      },
      close,
    }),
    [state, close, dropLinkParams, local, dropSignUpEntries],
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
