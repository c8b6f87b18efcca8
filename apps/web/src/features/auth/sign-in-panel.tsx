import { Description } from '@radix-ui/react-dialog';
import type { AccountMode } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';

export interface SignInPanelProps {
  /** Set when opened from the confirmation link: the account of this user id is being confirmed. */
  confirmUserId: string | null;
  onSwitch: (mode: AccountMode) => void;
  /** Closes the dialog (after a successful sign-in the accounts work also navigates to /your-sites). */
  onDone: () => void;
}

/** Sign-in and account confirmation. The username/password form is added here by the accounts work. */
export function SignInPanel({ confirmUserId, onSwitch }: SignInPanelProps) {
  const confirming = confirmUserId !== null;
  return (
    <>
      <Description className={styles.description}>
        {confirming
          ? 'Sign in with your username and password to confirm your account.'
          : 'Sign in to manage your sites and signs.'}
      </Description>
      {!confirming && (
        <div className={styles.switches}>
          <button type="button" className={styles.linkButton} onClick={() => onSwitch('forgotPassword')}>
            Forgot Password?
          </button>
          <button type="button" className={styles.linkButton} onClick={() => onSwitch('signUp')}>
            Create An Account
          </button>
        </div>
      )}
    </>
  );
}
