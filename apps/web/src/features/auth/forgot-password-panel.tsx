import { emailSchema } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import { Description } from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { TextField } from '../../components/form-fields';
import { FormStatus } from '../../components/form-status';
import { forgotPassword } from './api/forgot-password';
import type { AccountMode } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';
import formStyles from './form.module.css';
import { fieldError, MESSAGE_MS, useTimedMessage } from './use-timed-message';

export interface ForgotPasswordPanelProps {
  onSwitch: (mode: AccountMode) => void;
  /** SPEC.md section 4: called 2 seconds after a successful request. */
  onDone: () => void;
}

/** SPEC.md section 9: the dialog closes 2 seconds after the reminder is sent. */
export const FORGOT_PASSWORD_CLOSE_MS = 2000;

/** Password reminder: mails a reset link to the account's e-mail address. */
export function ForgotPasswordPanel({ onSwitch, onDone }: ForgotPasswordPanelProps) {
  const emailId = `${useId()}-email`;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [message, showMessage] = useTimedMessage(MESSAGE_MS);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onDone, FORGOT_PASSWORD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent, onDone]);

  const emailProblem = (text: string) => {
    showMessage({ kind: 'error', text, field: 'email' });
    document.getElementById(emailId)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sent) return;
    if (!email.trim()) return emailProblem(messages.signUp.requiredField('Email'));
    const checked = emailSchema.safeParse(email);
    if (!checked.success)
      return emailProblem(checked.error.issues[0]?.message ?? messages.forgotPassword.unexpected);

    setBusy(true);
    try {
      const { message: reply } = await forgotPassword(checked.data);
      if (reply === messages.forgotPassword.sent) {
        showMessage({ kind: 'success', text: reply });
        setSent(true);
      } else if (reply === messages.forgotPassword.userNotFoundServer) {
        showMessage({ kind: 'error', text: messages.forgotPassword.userNotFound });
      } else {
        showMessage({ kind: 'error', text: reply || messages.forgotPassword.unexpected });
      }
    } catch {
      showMessage({ kind: 'error', text: messages.forgotPassword.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Description className={styles.description}>
        Enter the e-mail address of your account and we will send you a link to reset your password.
      </Description>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          announce
          id={emailId}
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          required
          error={fieldError(message, 'email')}
        />
        <FormStatus message={message} />
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={busy || sent}>
            Send Reminder
          </button>
        </div>
      </form>
      <div className={styles.switches}>
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signIn')}>
          Back to Sign In
        </button>
      </div>
    </>
  );
}
