import { PASSWORD_MIN } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import { Description } from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { PasswordField } from '../../components/form-fields';
import { FormStatus } from '../../components/form-status';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { decodeTokenPayload } from '../../lib/session';
import { fetchUser } from './api/fetch-user';
import { resetPassword } from './api/reset-password';
import styles from './auth-dialogs.module.css';
import formStyles from './form.module.css';
import { fieldError, MESSAGE_MS, useTimedMessage } from './use-timed-message';

export interface ResetPasswordPanelProps {
  /** The reset token from the link's `value` parameter. */
  token: string;
  /** SPEC.md section 4: called about 1 second after submit, with the account's user name (to sign in with). */
  onDone: (userName: string) => void;
  /** Opens the Forgot Password dialog, for a link that no longer works. */
  onRequestNewLink: () => void;
}

/** SPEC.md section 9: the dialog closes 1 second after the new password is saved. */
export const RESET_CLOSE_MS = 1000;

type TokenCheck = { ok: true; userId: number | string } | { ok: false; problem: string };

/** SPEC.md section 5: the link's token must decode and hold an id and an expiry in the future. */
export function checkResetToken(token: string, nowMs: number = Date.now()): TokenCheck {
  const payload = decodeTokenPayload(token);
  if (!payload) return { ok: false, problem: messages.reset.invalid };
  if (payload.id === undefined || payload.exp === undefined || payload.exp <= Math.floor(nowMs / 1000)) {
    return { ok: false, problem: messages.reset.invalidOrExpired };
  }
  return { ok: true, userId: payload.id };
}

function fetchProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return messages.reset.userNotFound;
  // The server refuses a used, replaced or expired link; its signature is the server's to check.
  if (error instanceof ApiError && error.status === 401) return messages.reset.invalidOrExpired;
  return messages.reset.fetchUserFailed;
}

/** The reset link's account, read with the link's token as the bearer (never stored). */
function useResetAccount(token: string) {
  const [check] = useState(() => checkResetToken(token));
  const query = useQuery({
    queryKey: ['users', 'reset-link', token],
    queryFn: () => (check.ok ? fetchUser(check.userId, token) : Promise.resolve([])),
    enabled: check.ok,
    retry: false,
    gcTime: 0,
  });
  if (!check.ok) return { problem: check.problem, userName: undefined };
  if (query.isError) return { problem: fetchProblem(query.error), userName: undefined };
  if (query.isSuccess && !query.data[0]) return { problem: messages.reset.userNotFound, userName: undefined };
  return { problem: undefined, userName: query.data?.[0]?.userName };
}

/** New password from a reset link (`?value=`): the token is checked on open, then the form. */
export function ResetPasswordPanel({ token, onDone, onRequestNewLink }: ResetPasswordPanelProps) {
  const { problem, userName } = useResetAccount(token);
  const ids = useId();
  const passwordId = `${ids}-password`;
  const confirmId = `${ids}-confirm`;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [message, showMessage] = useTimedMessage(MESSAGE_MS);

  useEffect(() => {
    if (!saved || !userName) return;
    const timer = setTimeout(() => onDone(userName), RESET_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saved, onDone, userName]);

  const fieldProblem = (field: string, fieldId: string, text: string) => {
    showMessage({ kind: 'error', text, field });
    document.getElementById(fieldId)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || saved || !userName) return;
    if (password.length < PASSWORD_MIN)
      return fieldProblem('password', passwordId, messages.reset.passwordTooShort);
    if (confirm !== password) return fieldProblem('confirm', confirmId, messages.reset.passwordsDoNotMatch);
    setBusy(true);
    try {
      const reply = await resetPassword({ userName, password }, token);
      if (reply.message === messages.reset.success) {
        showMessage({ kind: 'success', text: reply.message });
        notify.success(reply.message);
        setSaved(true);
      } else {
        showMessage({ kind: 'error', text: reply.message });
      }
    } catch (error) {
      // A common password is refused by the server (decision 0046): said on the password field.
      if (error instanceof ApiError && error.serverMessage === messages.server.passwordTooCommon)
        fieldProblem('password', passwordId, error.serverMessage);
      else showMessage({ kind: 'error', text: messages.reset.updateFailed });
    } finally {
      setBusy(false);
    }
  }

  if (problem) {
    return (
      <>
        <Description className={styles.description}>This reset link cannot be used.</Description>
        <p className={formStyles.alert} role="alert">
          {problem}
        </p>
        <div className={styles.switches}>
          <button type="button" className={styles.linkButton} onClick={onRequestNewLink}>
            Ask for a new link
          </button>
        </div>
      </>
    );
  }

  if (!userName) {
    return (
      <Description className={styles.description} role="status">
        Checking your reset link...
      </Description>
    );
  }

  return (
    <>
      <Description className={styles.description}>
        Choose a new password for your account <strong>{userName}</strong>.
      </Description>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <PasswordField
          announce
          id={passwordId}
          label="New Password"
          hint="At least 8 characters."
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          error={fieldError(message, 'password')}
        />
        <PasswordField
          announce
          id={confirmId}
          label="Confirm Password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          required
          error={fieldError(message, 'confirm')}
        />
        <FormStatus message={message} />
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={busy || saved}>
            Reset Password
          </button>
        </div>
      </form>
    </>
  );
}
