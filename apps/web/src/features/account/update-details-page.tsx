import { PASSWORD_MIN } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import {
  type AccountDetails,
  accountDetailsBody,
  workspaceLimits as L,
  workspaceMessages,
} from '@app/contract/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../components/form-fields';
import { errorText, FormProblems, type Problems, problemsOf } from '../../components/form-status';
import { accountQuery } from '../../components/signed-in/api/account-query';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { notify } from '../../lib/notify';
import { focusOnceUsable } from '../../lib/page-focus';
import { clearSession, storeSession } from '../../lib/session';
import { cancelEmailChange } from './api/cancel-email-change';
import { changePassword } from './api/change-password';
import { confirmEmail } from './api/confirm-email';
import { deleteAccount } from './api/delete-account';
import { downloadMyData } from './api/download-my-data';
import { saveAccount } from './api/save-account';

/** The id of each field's input after `me-`, where the summary's links lead. */
const detailsIds: Record<string, string> = {
  title: 'title',
  firstname: 'first',
  surname: 'surname',
  tel: 'tel',
  email: 'email',
  currentPassword: 'current',
};

/** Which field (its id after `me-`) a refusal of the server is about. */
function fieldOfServerMessage(text: string): string | undefined {
  if (
    text === workspaceMessages.currentPasswordWrong ||
    text === workspaceMessages.emailChangeNeedsPassword
  ) {
    return 'current';
  }
  if (text === messages.server.emailTaken) return 'email';
  return undefined;
}

/** A refusal as the summary lists it: at its field when it is about one, else the form's. */
const serverProblem = (text: string): { problems: Problems; formError: string | undefined } => {
  const field = fieldOfServerMessage(text);
  return field ? { problems: { [field]: text }, formError: undefined } : { problems: {}, formError: text };
};

const noProblems = { problems: {} as Problems, formError: undefined as string | undefined };

function Details({ account }: { account: AccountDetails }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    title: account.title,
    firstname: account.firstname,
    surname: account.surname,
    tel: account.tel,
    email: account.email,
  });
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState(noProblems);
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<string>();
  const savedRef = useRef<HTMLParagraphElement>(null);
  const refuse = (next: typeof noProblems) => {
    setProblem(next);
    setAttempt((n) => n + 1);
  };
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const emailChanges = form.email.trim().toLowerCase() !== account.email;

  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  const save = useMutation({
    mutationFn: saveAccount,
    onSuccess: (reply) => {
      queryClient.setQueryData(accountQuery.queryKey, reply);
      // The address in use stays until the new one is confirmed (shown as waiting below).
      setForm((f) => ({ ...f, email: reply.email }));
      setCurrentPassword('');
      setSaved(
        reply.pendingEmail && reply.pendingEmail !== account.pendingEmail
          ? `${workspaceMessages.emailChangeSent} We have also told your current address.`
          : messages.server.userUpdated,
      );
    },
    onError: (e) => refuse(serverProblem(errorText(e))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(undefined);
    const parsed = accountDetailsBody.safeParse({
      ...form,
      ...(emailChanges ? { currentPassword } : {}),
    });
    if (!parsed.success)
      return refuse(problemsOf(parsed.error.issues, (field) => detailsIds[field] ?? field));
    if (emailChanges && !currentPassword) {
      return refuse(serverProblem(workspaceMessages.emailChangeNeedsPassword));
    }
    setProblem(noProblems);
    save.mutate(parsed.data);
  };
  return (
    <section className={shared.section} aria-labelledby="details-heading">
      <h2 id="details-heading">Your details</h2>
      <p>
        User name: <strong>{account.userName}</strong> · Company: <strong>{account.companyName}</strong>
      </p>
      <form className={shared.form} onSubmit={submit} noValidate>
        <FormProblems
          formId="me"
          problems={problem.problems}
          formError={problem.formError}
          attempt={attempt}
        />
        <TextField
          id="me-title"
          label="Title"
          maxLength={L.title}
          limit={L.title}
          value={form.title}
          onChange={set('title')}
          error={problem.problems.title}
        />
        <TextField
          id="me-first"
          label="First name"
          maxLength={L.personName}
          limit={L.personName}
          value={form.firstname}
          onChange={set('firstname')}
          autoComplete="given-name"
          error={problem.problems.first}
        />
        <TextField
          id="me-surname"
          label="Surname"
          maxLength={L.personName}
          limit={L.personName}
          value={form.surname}
          onChange={set('surname')}
          autoComplete="family-name"
          error={problem.problems.surname}
        />
        <TextField
          id="me-tel"
          label="Telephone"
          type="tel"
          maxLength={L.phone}
          limit={L.phone}
          value={form.tel}
          onChange={set('tel')}
          autoComplete="tel"
          error={problem.problems.tel}
        />
        <TextField
          id="me-email"
          label="E-mail"
          type="email"
          maxLength={254}
          limit={254}
          hint="A new address changes only when you click the link we send to it. We tell your current address too."
          value={form.email}
          onChange={set('email')}
          autoComplete="email"
          error={problem.problems.email}
        />
        {emailChanges && (
          <TextField
            id="me-current"
            label="Current password"
            type="password"
            hint="Needed to change your e-mail address."
            value={currentPassword}
            onChange={setCurrentPassword}
            autoComplete="current-password"
            required
            error={problem.problems.current}
          />
        )}
        {account.pendingEmail && <p role="status">Waiting for confirmation: {account.pendingEmail}</p>}
        {saved && (
          <p ref={savedRef} tabIndex={-1} role="status">
            {saved}
          </p>
        )}
        <div className={shared.actions}>
          <button type="submit" className={shared.button} disabled={save.isPending}>
            Save details
          </button>
        </div>
      </form>
    </section>
  );
}

function Password({ master }: { master: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState(noProblems);
  const [attempt, setAttempt] = useState(0);
  const refuse = (next: typeof noProblems) => {
    setProblem(next);
    setAttempt((n) => n + 1);
  };
  const change = useMutation({
    mutationFn: () => changePassword(current, next),
    onSuccess: (reply) => {
      storeSession(reply.token, master);
      setCurrent('');
      setNext('');
      setConfirm('');
      notify.success(reply.message);
    },
    onError: (e) => {
      const text = errorText(e);
      // The server's refusal of a common password belongs to the new password's field.
      const field =
        text === workspaceMessages.currentPasswordWrong
          ? 'current'
          : text === messages.server.passwordTooCommon
            ? 'new'
            : undefined;
      refuse(
        field ? { problems: { [field]: text }, formError: undefined } : { problems: {}, formError: text },
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN)
      return refuse({ problems: { new: messages.reset.passwordTooShort }, formError: undefined });
    if (next !== confirm)
      return refuse({ problems: { confirm: messages.reset.passwordsDoNotMatch }, formError: undefined });
    setProblem(noProblems);
    change.mutate();
  };
  return (
    <section className={shared.section} aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <form className={shared.form} onSubmit={submit} noValidate>
        <FormProblems
          formId="pw"
          problems={problem.problems}
          formError={problem.formError}
          attempt={attempt}
        />
        <TextField
          id="pw-current"
          label="Current password"
          type="password"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          error={problem.problems.current}
        />
        <TextField
          id="pw-new"
          label="New password"
          hint="8-20 characters"
          type="password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          error={problem.problems.new}
        />
        <TextField
          id="pw-confirm"
          label="Confirm new password"
          type="password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={problem.problems.confirm}
        />
        <p className={shared.hint}>Changing your password signs you out everywhere else.</p>
        <div className={shared.actions}>
          <button type="submit" className={shared.button} disabled={change.isPending}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}

function MyData() {
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: (data) => {
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = 'my-data.json';
      link.click();
      URL.revokeObjectURL(url);
    },
    onError: (e) => notify.error(errorText(e)),
  });
  return (
    <section className={shared.section} aria-labelledby="data-heading">
      <h2 id="data-heading">Download my data</h2>
      <p>Everything we hold about you and your company, as a JSON file.</p>
      <div className={shared.actions}>
        <button
          type="button"
          className={shared.secondary}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          Download my data
        </button>
      </div>
    </section>
  );
}

function DeleteAccount({ master }: { master: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState(noProblems);
  const [attempt, setAttempt] = useState(0);
  const refuse = (next: typeof noProblems) => {
    setProblem(next);
    setAttempt((n) => n + 1);
  };
  const remove = useMutation({
    mutationFn: () => deleteAccount(password),
    onSuccess: (reply) => {
      notify.success(reply.message);
      clearSession();
      navigate('/');
    },
    onError: (e) => refuse({ problems: {}, formError: errorText(e) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== 'DELETE')
      return refuse({ problems: { confirm: 'Type DELETE to confirm.' }, formError: undefined });
    setProblem(noProblems);
    remove.mutate();
  };
  return (
    <section className={shared.section} aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my account</h2>
      <p>
        {master
          ? 'If you are the only master user, your company, its sites and their published details are deleted too, and its signs are released: they will no longer show your details.'
          : 'Your user is deleted; your company and its sites stay with its other users.'}{' '}
        We send you an e-mail to say it is done.
      </p>
      {!open ? (
        <div className={shared.actions}>
          <button type="button" className={shared.danger} onClick={() => setOpen(true)}>
            Delete my account…
          </button>
        </div>
      ) : (
        <form className={shared.form} onSubmit={submit} noValidate>
          <FormProblems
            formId="del"
            problems={problem.problems}
            formError={problem.formError}
            attempt={attempt}
          />
          <TextField
            id="del-password"
            label="Your password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          <TextField
            id="del-confirm"
            label="Type DELETE to confirm"
            value={typed}
            onChange={setTyped}
            error={problem.problems.confirm}
          />
          <div className={shared.actions}>
            <button type="submit" className={shared.danger} disabled={remove.isPending}>
              Delete my account for good
            </button>
            <button type="button" className={shared.secondary} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The link sent to a new e-mail address lands here with ?emailToken=. */
function EmailConfirmation() {
  const [params, setParams] = useSearchParams();
  const token = params.get('emailToken');
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (!token || done.current) return;
    done.current = true;
    confirmEmail(token).then(
      (reply) => {
        notify.success(reply.message);
        void queryClient.invalidateQueries({ queryKey: accountQuery.queryKey });
        setParams({}, { replace: true });
      },
      (e: unknown) => notify.error(errorText(e)),
    );
  }, [token, queryClient, setParams]);
  return null;
}

/**
 * The link in the mail to the old address lands here with ?cancelEmailToken=: the change is
 * undone and every session ends, this browser's too. The outcome is shown on the page, in focus.
 */
function EmailCancellation() {
  const [params, setParams] = useSearchParams();
  const token = params.get('cancelEmailToken');
  const queryClient = useQueryClient();
  const done = useRef(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  useEffect(() => {
    if (!token || done.current) return;
    done.current = true;
    cancelEmailChange(token).then(
      (reply) => {
        clearSession();
        queryClient.clear();
        setOutcome({ ok: true, text: reply.message });
        setParams({}, { replace: true });
      },
      (e: unknown) => setOutcome({ ok: false, text: errorText(e) }),
    );
  }, [token, queryClient, setParams]);
  useEffect(() => {
    const element = outcomeRef.current;
    if (outcome && element) return focusOnceUsable(element);
  }, [outcome]);
  if (!outcome) return token ? <p role="status">Cancelling the change of your e-mail address…</p> : null;
  return (
    <div ref={outcomeRef} tabIndex={-1} role={outcome.ok ? 'status' : 'alert'} className={shared.section}>
      <h2>{outcome.ok ? 'E-mail change cancelled' : 'The change could not be cancelled'}</h2>
      <p className={outcome.ok ? undefined : shared.error}>{outcome.text}</p>
    </div>
  );
}

export function UpdateDetailsPage() {
  return (
    <>
      <EmailConfirmation />
      <WorkspacePage intro="Your own details, password and data." notice={<EmailCancellation />}>
        {(account) => (
          <>
            <Details account={account} />
            <Password master={account.masterUser === 1} />
            <MyData />
            <DeleteAccount master={account.masterUser === 1} />
          </>
        )}
      </WorkspacePage>
    </>
  );
}
