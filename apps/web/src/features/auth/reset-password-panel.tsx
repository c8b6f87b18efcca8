import { Description } from '@radix-ui/react-dialog';
import styles from './auth-dialogs.module.css';

export interface ResetPasswordPanelProps {
  /** The reset token from the link's `value` parameter. */
  token: string;
  /** SPEC.md section 4: called about 1 second after submit. */
  onDone: () => void;
}

/** New password. The token check and the password fields are added here by the accounts work. */
export function ResetPasswordPanel(_props: ResetPasswordPanelProps) {
  return <Description className={styles.description}>Choose a new password for your account.</Description>;
}
