import { messages } from '@app/contract/messages';
import { Description } from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { FOCUS_HEADING } from '../../lib/page-focus';
import { decodeTokenPayload, storeSession } from '../../lib/session';
import { confirmUser } from './api/confirm-user';
import { fetchUser } from './api/fetch-user';
import { userToConfirmQuery } from './api/fetch-user-to-confirm';
import { login } from './api/login';
import { lookupUser } from './api/lookup-user';
import { resendConfirmation } from './api/resend-confirmation';
import { type AccountMode, CONFIRM_TOKEN_PARAM } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';
import formStyles from './form.module.css';
import { FormStatus, PasswordField, TextField } from './form-fields';
import { ACCOUNT_MESSAGE_MS, fieldError, useTimedMessage } from './use-timed-message';

export interface SignInPanelProps {
  /** Set when opened from the confirmation link: the account of this user id is being confirmed. */
  confirmUserId: string | null;
  /** The signed-in page the visitor asked for, when the dialog was opened from it. */
  returnTo?: string;
  onSwitch: (mode: AccountMode) => void;
  /** Closes the dialog (after a successful sign-in the panel also navigates to /your-sites). */
  onDone: () => void;
}

/** SPEC.md section 2: where a user lands after signing in or confirming the account. */
export const AFTER_SIGN_IN_PATH = '/your-sites';

const errorText = (error: unknown, fallback: string) =>
  (error instanceof ApiError ? error.serverMessage : undefined) ?? fallback;

/** The confirmation link's account: the user name to prefill, or why the link cannot be used. */
function useAccountToConfirm(userId: string | null, token: string) {
  const query = useQuery({
    ...userToConfirmQuery(userId ?? '', token),
    enabled: userId !== null && token !== '',
  });
  if (userId === null) return { user: undefined, problem: undefined };
  // A link without its token (or an older link) cannot confirm anything: say so without asking.
  if (token === '') return { user: undefined, problem: messages.server.confirmLinkInvalid };
  // The server says why (an invalid or expired link, an account already confirmed); when no
  // answer came there is no reason to give beyond the failure itself.
  if (query.isError) return { user: undefined, problem: errorText(query.error, '') };
  return { user: query.data?.[0], problem: undefined };
}

/** Sign-in, and account confirmation when opened from the confirmation e-mail's link. */
export function SignInPanel({ confirmUserId, returnTo, onSwitch, onDone }: SignInPanelProps) {
  const confirming = confirmUserId !== null;
  const [searchParams] = useSearchParams();
  const confirmToken = searchParams.get(CONFIRM_TOKEN_PARAM) ?? '';
  const { user: accountToConfirm, problem: confirmProblem } = useAccountToConfirm(
    confirmUserId,
    confirmToken,
  );
  const navigate = useNavigate();
  const ids = useId();
  const userNameId = `${ids}-username`;
  const passwordId = `${ids}-password`;

  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [offerResend, setOfferResend] = useState(false);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);

  useEffect(() => {
    if (accountToConfirm) setUserName(accountToConfirm.userName);
  }, [accountToConfirm]);

  const fieldProblem = (field: string, fieldId: string, text: string) => {
    showMessage({ kind: 'error', text, field });
    document.getElementById(fieldId)?.focus();
  };

  async function signIn(name: string): Promise<void> {
    let confirmedNow = false;
    // Only an account the link showed as unconfirmed is confirmed: a confirmed one just signs in.
    // The server checks the password before it confirms: a wrong one throws (401) and confirms nothing.
    if (confirmUserId !== null && accountToConfirm && accountToConfirm.confirmedAt === null) {
      await confirmUser(confirmUserId, confirmToken, password);
      confirmedNow = true;
    }
    // In confirmation mode the form is not checked here (SPEC.md section 5); with nothing typed
    // the server's check of the login answers with the same words.
    if (name !== '') {
      const lookup = await lookupUser(name);
      if (lookup.message === messages.signIn.userNotFound) {
        showMessage({ kind: 'error', text: messages.signIn.userNotFound });
        return;
      }
      if (lookup.confirmedAt === null) {
        showMessage({ kind: 'error', text: messages.signIn.notConfirmed });
        setOfferResend(true);
        return;
      }
    }
    const reply = await login({ userName: name, password });
    const id = reply.token ? decodeTokenPayload(reply.token)?.id : undefined;
    if (reply.status !== 'success' || !reply.token || id === undefined) {
      showMessage({ kind: 'error', text: reply.message || messages.signIn.failed });
      return;
    }
    const [user] = await fetchUser(id, reply.token);
    storeSession(reply.token, user?.masterUser === 1);
    notify.success(reply.message || messages.signIn.success);
    if (confirmedNow) notify.success(messages.signIn.confirmed);
    onDone();
    navigate(returnTo ?? AFTER_SIGN_IN_PATH, { state: FOCUS_HEADING });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const name = userName.trim();
    if (!confirming) {
      if (!name) return fieldProblem('userName', userNameId, messages.signIn.userNameRequired);
      if (!password) return fieldProblem('password', passwordId, messages.signIn.passwordRequired);
    }
    setBusy(true);
    setOfferResend(false);
    try {
      await signIn(name);
    } catch (error) {
      // A refused login (wrong password: 401) carries the login message; so do other refusals.
      showMessage({ kind: 'error', text: errorText(error, messages.signIn.failed) });
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    const name = userName.trim();
    if (!name) return fieldProblem('userName', userNameId, messages.signIn.userNameRequired);
    setBusy(true);
    try {
      const reply = await resendConfirmation(name);
      showMessage({ kind: 'success', text: reply.message });
    } catch (error) {
      showMessage({ kind: 'error', text: errorText(error, messages.server.generic) });
    } finally {
      setBusy(false);
    }
  }

  const canResend =
    offerResend || (confirmProblem !== undefined && confirmProblem !== messages.server.alreadyConfirmed);

  return (
    <>
      <Description className={styles.description}>
        {confirming
          ? 'Sign in with your username and password to confirm your account.'
          : 'Sign in to manage your sites and signs.'}
      </Description>
      {confirmProblem !== undefined && (
        <div className={formStyles.alert} role="alert">
          <p className={formStyles.readout}>
            <strong>{messages.signIn.fetchUserFailed}</strong>
          </p>
          {confirmProblem && <p className={formStyles.readout}>{confirmProblem}</p>}
        </div>
      )}
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          id={userNameId}
          label="Username"
          value={userName}
          onChange={setUserName}
          autoComplete="username"
          autoCapitalize="none"
          required
          readOnly={accountToConfirm !== undefined}
          error={fieldError(message, 'userName')}
        />
        <PasswordField
          id={passwordId}
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
          error={fieldError(message, 'password')}
        />
        <FormStatus message={message} />
        {canResend && (
          <p className={formStyles.readout}>
            Need a new confirmation link?{' '}
            <button type="button" className={styles.linkButton} onClick={onResend} disabled={busy}>
              Send a new confirmation link
            </button>
          </p>
        )}
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={busy}>
            {confirming ? 'Confirm' : 'Sign In'}
          </button>
        </div>
      </form>
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
