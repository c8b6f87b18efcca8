import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef, useState } from 'react';
import { focusPageHeading } from '../../lib/page-focus';
import { useAuthDialog } from './auth-dialog-provider';
import { authDialogTitle } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { ResetPasswordPanel } from './reset-password-panel';
import { SignInPanel } from './sign-in-panel';
import { SignUpPanel } from './sign-up-panel';

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

/** The account and reset-password dialogs: Radix gives the focus trap, Escape and outside-click closing. */
export function AuthDialogs() {
  const { state, setMode, close } = useAuthDialog();
  // What had focus when the dialog opened (the quick menu's Sign In, say): focus goes back there.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  // After signing in, the next page's heading takes focus (lib/page-focus), not the opener.
  const leftForNewPage = useRef(false);
  if (state.kind === 'closed') return null;

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
        onDone={close}
        onRequestNewLink={() => {
          close();
          setMode('forgotPassword');
        }}
      />
    );
  } else if (state.mode === 'signUp') {
    panel = <SignUpPanel onSwitch={setMode} onDone={close} />;
  } else if (state.mode === 'forgotPassword') {
    panel = <ForgotPasswordPanel onSwitch={setMode} onDone={close} />;
  } else {
    panel = (
      <SignInPanel
        key={state.confirmUserId ?? ''}
        confirmUserId={state.confirmUserId}
        returnTo={state.returnTo}
        onSwitch={setMode}
        onDone={() => {
          leftForNewPage.current = true;
          close();
        }}
      />
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onEscapeKeyDown={keepOpenForListbox}
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
