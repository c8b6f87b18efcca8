import { messages } from '@app/contract/messages';
import { Description } from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PasswordField, TextField } from '../../components/form-fields';
import { errorText, FormStatus } from '../../components/form-status';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { FOCUS_HEADING, focusOnceUsable } from '../../lib/page-focus';
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
import { ACCOUNT_MESSAGE_MS, fieldError, useTimedMessage } from './use-timed-message';

export interface SignInPanelProps {
  /** Set when opened from the confirmation link: the account of this user id is being confirmed. */
  confirmUserId: string | null;
  /** The signed-in page the visitor asked for, when the dialog was opened from it. */
  returnTo?: string;
  /** The user name to start with (after a password reset, or a used confirmation link). */
  userName?: string | undefined;
  /** Said first, and focused: why the person is asked to sign in now. */
  notice?: string | undefined;
  onSwitch: (mode: AccountMode) => void;
  /** The confirmation link is of an account confirmed already: ordinary sign-in takes over. */
  onAlreadyConfirmed?: (userName: string) => void;
  /** Closes the dialog (after a successful sign-in the panel also navigates to /your-sites). */
  onDone: () => void;
}

/** SPEC.md section 2: where a user lands after signing in or confirming the account. */
export const AFTER_SIGN_IN_PATH = '/your-sites';

/**
 * Whether a confirmation link can be what the mail sent: an id in digits and a token of the
 * length the server accepts. One cut short by a mail client is not, and is not even asked about.
 */
export function looksLikeConfirmLink(userId: string, token: string): boolean {
  return /^[1-9]\d{0,9}$/.test(userId) && token.length >= 16 && token.length <= 200;
}

/** The confirmation link's account: the user name to prefill, or why the link cannot be used. */
function useAccountToConfirm(userId: string | null, token: string) {
  const wellFormed = userId !== null && looksLikeConfirmLink(userId, token);
  const query = useQuery({ ...userToConfirmQuery(userId ?? '', token), enabled: wellFormed });
  if (userId === null) return { user: undefined, problem: undefined };
  // A link cut short, or without its token, cannot confirm anything: say so without asking.
  if (!wellFormed) return { user: undefined, problem: messages.server.confirmLinkInvalid };
  if (query.isError) {
    // Any refusal of the link (used, replaced, expired, mangled) gets the same friendly words and
    // the way to a new link; the server's words are never shown raw. Without an answer (a network
    // failure, a 5xx), the spec's 'Error fetching user data' says so (SPEC.md section 8).
    const refused = query.error instanceof ApiError && query.error.status === 400;
    return { user: undefined, problem: refused ? messages.server.confirmLinkInvalid : '' };
  }
  return { user: query.data?.[0], problem: undefined };
}

/** Sign-in, and account confirmation when opened from the confirmation e-mail's link. */
export function SignInPanel({
  confirmUserId,
  returnTo,
  userName: initialUserName = '',
  notice,
  onSwitch,
  onAlreadyConfirmed,
  onDone,
}: SignInPanelProps) {
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

  const [userName, setUserName] = useState(initialUserName);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [offerResend, setOfferResend] = useState(false);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);

  // Once: the dialog that takes over is the one to stay.
  const handedOver = useRef(false);
  useEffect(() => {
    if (!accountToConfirm || handedOver.current) return;
    // Opened again after confirming (or by a mail client's preview): nothing to confirm, so the
    // ordinary sign-in, with the user name filled in.
    if (accountToConfirm.confirmedAt !== null && onAlreadyConfirmed) {
      handedOver.current = true;
      onAlreadyConfirmed(accountToConfirm.userName);
    } else setUserName(accountToConfirm.userName);
  }, [accountToConfirm, onAlreadyConfirmed]);

  // What must be read first (the notice, or why the link cannot be used) takes focus when it
  // appears, also once the start-up overlay lets go of a page opened from a mail.
  const firstRead = useRef<HTMLDivElement>(null);
  const firstReadShown = notice !== undefined || confirmProblem !== undefined;
  useEffect(() => {
    return firstReadShown && firstRead.current ? focusOnceUsable(firstRead.current) : undefined;
  }, [firstReadShown]);

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
    // One toast: two stacked covered the heading of Your sites on a phone. Confirmed now, the
    // confirmation says it (and Your sites shows the person is signed in).
    notify.success(confirmedNow ? messages.signIn.confirmed : reply.message || messages.signIn.success);
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

  const canResend = offerResend || confirmProblem !== undefined;

  return (
    <>
      <Description className={styles.description}>
        {confirming
          ? 'Sign in with your username and password to confirm your account.'
          : 'Sign in to manage your sites and signs.'}
      </Description>
      {notice !== undefined && (
        <div ref={firstRead} className={styles.notice} role="status" tabIndex={-1} data-autofocus>
          {notice}
        </div>
      )}
      {confirmProblem !== undefined && (
        <div
          ref={firstRead}
          className={`${formStyles.alert} ${styles.firstRead}`}
          role="alert"
          tabIndex={-1}
          data-autofocus
        >
          <p className={formStyles.readout}>
            <strong>{confirmProblem || messages.signIn.fetchUserFailed}</strong>
          </p>
          {confirmProblem && (
            <p className={formStyles.readout}>
              Type your username below and choose <strong>Send a new confirmation link</strong>.
            </p>
          )}
        </div>
      )}
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          announce
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
          announce
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
