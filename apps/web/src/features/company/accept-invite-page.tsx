import { PASSWORD_MIN, USERNAME_MIN } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PasswordField, TextField } from '../../components/form-fields';
import { errorText, FormProblems, type Problems } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { PageShell } from '../../components/page-shell';
import shared from '../../components/signed-in/signed-in.module.css';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { decodeTokenPayload, storeSession } from '../../lib/session';
import { useSignInPrompt } from '../../lib/sign-in-prompt';
import { acceptInvitation } from './api/accept-invitation';
import { invitationQuery } from './api/invitation-query';
import { signInAfterAccepting } from './api/sign-in-after-accepting';
import styles from './company.module.css';

/** Where a new user starts: the signed-in home (SPEC.md section 2). */
const YOUR_SITES = '/your-sites';

/**
 * Creates the account, then signs in with the name and password just chosen, so the person is not
 * left signed out with nowhere to go. An invited user is never a master user when the account is
 * made (the company's master user promotes them later). Signing in may still be refused (a limit
 * on tries, the network): the account exists then, and the page offers Sign In instead.
 */
async function acceptAndSignIn(body: { token: string; userName: string; password: string }) {
  await acceptInvitation(body);
  try {
    const reply = await signInAfterAccepting({ userName: body.userName, password: body.password });
    if (reply.status !== 'success' || !reply.token || decodeTokenPayload(reply.token)?.id === undefined)
      return { signedIn: false };
    storeSession(reply.token, false);
    return { signedIn: true };
  } catch {
    return { signedIn: false };
  }
}

/** The account is made: said in focus, with the way on (Your sites, or Sign In with the name filled). */
function Accepted({ userName, signedIn }: { userName: string; signedIn: boolean }) {
  const ref = useFocusOutcome<HTMLDivElement>(true);
  const openSignIn = useSignInPrompt();
  return (
    <div ref={ref} className={styles.done} role="status" tabIndex={-1}>
      {signedIn ? (
        <>
          <p>Your account is ready and you are signed in as {userName}.</p>
          <Link className={shared.button} to={YOUR_SITES}>
            Go to your sites
          </Link>
        </>
      ) : (
        <>
          <p>Your account is ready. Sign in as {userName} with the password you chose.</p>
          {openSignIn ? (
            <button type="button" className={shared.button} onClick={() => openSignIn(YOUR_SITES, userName)}>
              Sign In
            </button>
          ) : (
            <Link to="/">Go to the home page</Link>
          )}
        </>
      )}
    </div>
  );
}

function AcceptForm({ token, companyName, email }: { token: string; companyName: string; email: string }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const accept = useMutation({
    mutationFn: acceptAndSignIn,
    onError: (e) => {
      const text = errorText(e);
      // A common password, refused by the server (decision 0046), is the password field's problem.
      if (text === messages.server.passwordTooCommon) setProblems({ pw: text });
      else setFormError(text);
      setAttempt((n) => n + 1);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Every problem at once, each at its field (ids `inv-` + the key) and in the summary.
    const found: Problems = {};
    if (userName.trim().length < USERNAME_MIN) found.user = messages.signUp.userNameTooShort;
    if (password.length < PASSWORD_MIN) found.pw = messages.reset.passwordTooShort;
    else if (password !== confirm) found.pw2 = messages.signUp.passwordsDoNotMatch;
    setProblems(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return setAttempt((n) => n + 1);
    accept.mutate({ token, userName: userName.trim(), password });
  };
  if (accept.isSuccess)
    return <Accepted userName={accept.variables.userName} signedIn={accept.data.signedIn} />;
  return (
    <form className={shared.form} onSubmit={submit} noValidate>
      <FormProblems formId="inv" problems={problems} formError={formError} attempt={attempt} />
      <p>
        <strong>{companyName}</strong> has invited {email} to manage its sites and signs.
      </p>
      <TextField
        id="inv-user"
        label="Username"
        hint="4-20 characters"
        maxLength={20}
        limit={20}
        value={userName}
        onChange={setUserName}
        autoComplete="username"
        error={problems.user}
      />
      <PasswordField
        id="inv-pw"
        label="Password"
        hint="8-20 characters"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        error={problems.pw}
      />
      <PasswordField
        id="inv-pw2"
        label="Confirm Password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        error={problems.pw2}
      />
      <div className={shared.actions}>
        <button type="submit" className={shared.button} disabled={accept.isPending}>
          Create my account
        </button>
      </div>
    </form>
  );
}

export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useQuery({ ...invitationQuery(token), enabled: token.length >= 16 });
  let body: ReactNode;
  if (token.length < 16) body = <p role="alert">This invitation link is invalid or has expired.</p>;
  else if (invitation.isPending) body = <PageLoading />;
  else if (invitation.isError) body = <p role="alert">{errorText(invitation.error)}</p>;
  else body = <AcceptForm token={token} {...invitation.data} />;
  return <PageShell intro="Join your company on the register.">{body}</PageShell>;
}
