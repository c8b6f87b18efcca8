import { messages } from '@app/contract/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { focusPageHeading } from '../../lib/page-focus';
import { useAuthDialog } from './auth-dialog-context';
import { authDialogTitle } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';
import { ForgotPasswordPanel } from './forgot-password-panel';
import formStyles from './form.module.css';
import { ResetPasswordPanel } from './reset-password-panel';
import { SignInPanel } from './sign-in-panel';
import { clearSignUpDraft } from './sign-up-draft';
import { SignUpPanel } from './sign-up-panel';

/** After a password reset, the sign-in that follows says why it is there. */
export const SIGN_IN_AFTER_RESET = 'Your password has been changed. Sign in with your new password.';

/** Escape in an open suggestion list closes the list, not the dialog around it. */
function keepOpenForListbox(event: KeyboardEvent): void {
  const target = event.target;
  if (
    target instanceof HTMLElement &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  ) {
    event.preventDefault();
  }
}

/** On opening, what a panel marks as to be read first (`data-autofocus`) takes focus, if any. */
function focusMarked(event: Event): void {
  const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
  const marked = content?.querySelector<HTMLElement>('[data-autofocus]');
  if (!marked) return;
  event.preventDefault();
  marked.focus();
}

/** The account and reset-password dialogs: Radix gives the focus trap, Escape and outside-click closing. */
export function AuthDialogs() {
  const { state, setMode, close, openSignInAs } = useAuthDialog();
  // What had focus when the dialog opened (the quick menu's Sign In, say): focus goes back there.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  // After signing in, the next page's heading takes focus (lib/page-focus), not the opener.
  const leftForNewPage = useRef(false);
  // Whether the sign-up form holds typed details: closing it then asks first.
  const signUpTyped = useRef(false);
  const [asking, setAsking] = useState(false);
  const onTypedChange = useCallback((typed: boolean) => {
    signUpTyped.current = typed;
  }, []);
  if (state.kind === 'closed') return null;

  const signingUp = state.kind === 'account' && state.mode === 'signUp';
  const requestClose = () => {
    if (signingUp && signUpTyped.current) setAsking(true);
    else close();
  };

  const returnFocus = (event: Event) => {
    // Radix would focus its own trigger, which this dialog has none of, leaving focus on the body.
    event.preventDefault();
    // After signing in, the heading of whichever page is showing: the new page focuses its own
    // heading as it arrives, and this covers a new page that arrived while the dialog held focus.
    if (opener?.isConnected && !leftForNewPage.current) opener.focus();
    else focusPageHeading();
  };

  let panel: ReactNode;
  if (state.kind === 'reset') {
    panel = (
      <ResetPasswordPanel
        // A different link is a different check: start again rather than reuse the last one's.
        key={state.token}
        token={state.token}
        onDone={(userName) => openSignInAs(userName, SIGN_IN_AFTER_RESET)}
        onRequestNewLink={() => {
          close();
          setMode('forgotPassword');
        }}
      />
    );
  } else if (state.mode === 'signUp') {
    panel = <SignUpPanel onSwitch={setMode} onDone={close} onTypedChange={onTypedChange} />;
  } else if (state.mode === 'forgotPassword') {
    panel = <ForgotPasswordPanel onSwitch={setMode} onDone={close} />;
  } else {
    panel = (
      <SignInPanel
        key={`${state.confirmUserId ?? ''}:${state.userName ?? ''}`}
        confirmUserId={state.confirmUserId}
        returnTo={state.returnTo}
        userName={state.userName}
        notice={state.notice}
        onSwitch={setMode}
        onAlreadyConfirmed={(userName) => openSignInAs(userName, messages.server.alreadyConfirmed)}
        onDone={() => {
          leftForNewPage.current = true;
          close();
        }}
      />
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onEscapeKeyDown={keepOpenForListbox}
          onOpenAutoFocus={focusMarked}
          onCloseAutoFocus={returnFocus}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{authDialogTitle(state)}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {panel}
          {/* A stray tap beside the dialog, Escape or the close button: typed details are not dropped unasked. */}
          <Dialog.Root open={asking} onOpenChange={setAsking}>
            <Dialog.Portal>
              <Dialog.Overlay className={styles.askOverlay} />
              <Dialog.Content className={styles.ask} role="alertdialog">
                <Dialog.Title className={styles.askTitle}>Leave sign-up?</Dialog.Title>
                <Dialog.Description className={styles.description}>
                  What you have typed will be cleared. Your account is only created when you press Submit at
                  step 3.
                </Dialog.Description>
                <div className={formStyles.actions}>
                  <Dialog.Close className={formStyles.primary}>Keep signing up</Dialog.Close>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    onClick={() => {
                      clearSignUpDraft();
                      setAsking(false);
                      close();
                    }}
                  >
                    Leave and clear
                  </button>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
