import { PASSWORD_MIN, USERNAME_MIN } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/lazy-page';
import { PageShell } from '../../components/page-shell';
import { acceptInvitation, invitationQuery } from './api';
import { errorText, FormProblems, type Problems, TextField } from './fields';
import styles from './workspace.module.css';

function AcceptForm({ token, companyName, email }: { token: string; companyName: string; email: string }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const accept = useMutation({
    mutationFn: acceptInvitation,
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
  if (accept.isSuccess) {
    return (
      <p role="status">
        Your account is ready. Choose Sign In at the top of the page and use your new user name, or go to the{' '}
        <Link to="/">home page</Link>.
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormProblems formId="inv" problems={problems} formError={formError} attempt={attempt} />
      <p>
        <strong>{companyName}</strong> has invited {email} to manage its sites and signs.
      </p>
      <TextField
        id="inv-user"
        label="Username"
        hint="4-20 characters"
        max={20}
        value={userName}
        onChange={setUserName}
        autoComplete="username"
        error={problems.user}
      />
      <TextField
        id="inv-pw"
        label="Password"
        hint="8-20 characters"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        error={problems.pw}
      />
      <TextField
        id="inv-pw2"
        label="Confirm Password"
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        error={problems.pw2}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={accept.isPending}>
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
