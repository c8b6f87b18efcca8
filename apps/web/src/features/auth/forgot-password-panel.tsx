import { Description } from '@radix-ui/react-dialog';
import type { AccountMode } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';

export interface ForgotPasswordPanelProps {
  onSwitch: (mode: AccountMode) => void;
  /** SPEC.md section 4: called 2 seconds after a successful request. */
  onDone: () => void;
}

/** Password reminder. The e-mail field and 'Send Reminder' are added here by the accounts work. */
export function ForgotPasswordPanel({ onSwitch }: ForgotPasswordPanelProps) {
  return (
    <>
      <Description className={styles.description}>
        Enter the e-mail address of your account and we will send you a link to reset your password.
      </Description>
      <div className={styles.switches}>
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signIn')}>
          Back to Sign In
        </button>
      </div>
    </>
  );
}
