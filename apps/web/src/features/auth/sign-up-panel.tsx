import { Description } from '@radix-ui/react-dialog';
import type { AccountMode } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';

export interface SignUpPanelProps {
  onSwitch: (mode: AccountMode) => void;
  onDone: () => void;
}

/** Registration. The four sign-up steps are added here by the accounts work. */
export function SignUpPanel({ onSwitch }: SignUpPanelProps) {
  return (
    <>
      <Description className={styles.description}>
        Register with the sign reference and prefix number on your sticker to create an account.
      </Description>
      <p className={styles.switches}>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signIn')}>
          Sign In
        </button>
      </p>
    </>
  );
}
