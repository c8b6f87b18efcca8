import { formatUkDate } from '@app/contract/dates';
import { type CompanyUser, inviteBody, type PendingInvitation } from '@app/contract/workspace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TextField } from '../../components/form-fields';
import { errorText, FormProblems } from '../../components/form-status';
import { PageLoading } from '../../components/lazy-page';
import { WorkspacePage } from '../../components/signed-in/signed-in';
import shared from '../../components/signed-in/signed-in.module.css';
import { notify } from '../../lib/notify';
import { cancelInvitation } from './api/cancel-invitation';
import { companyUsersQuery } from './api/company-users-query';
import { inviteUser } from './api/invite-user';
import { pendingInvitationsQuery } from './api/pending-invitations-query';
import { removeUser } from './api/remove-user';
import { resendInvitation } from './api/resend-invitation';
import { setMasterUser } from './api/set-master-user';
import styles from './company.module.css';

function Invite() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const refuse = (text: string | undefined) => {
    setError(text);
    setAttempt((n) => n + 1);
  };
  const invite = useMutation({
    mutationFn: inviteUser,
    onSuccess: async (reply) => {
      setEmail('');
      notify.success(reply.message);
      // The new invitation joins the list of those waiting, below.
      await queryClient.invalidateQueries({ queryKey: pendingInvitationsQuery.queryKey });
    },
    onError: (e) => refuse(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteBody.safeParse({ email });
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(parsed.data.email);
  };
  return (
    <section className={shared.section} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a user</h2>
      <form className={shared.form} onSubmit={submit} noValidate>
        <FormProblems formId="invite" problems={{ email: error }} attempt={attempt} />
        <TextField
          id="invite-email"
          label="E-mail address"
          type="email"
          maxLength={254}
          limit={254}
          hint="They choose their user name and password from the link we send."
          value={email}
          onChange={setEmail}
          error={error}
        />
        <div className={shared.actions}>
          <button type="submit" className={shared.button} disabled={invite.isPending}>
            Send invitation
          </button>
        </div>
      </form>
    </section>
  );
}

function Users({ companyId, myId }: { companyId: number; myId: number }) {
  const queryClient = useQueryClient();
  const users = useQuery(companyUsersQuery(companyId));
  const onDone = (list: CompanyUser[]) =>
    queryClient.setQueryData(companyUsersQuery(companyId).queryKey, list);
  const master = useMutation({
    mutationFn: ({ id, value }: { id: number; value: 0 | 1 }) => setMasterUser(id, value),
    onSuccess: onDone,
    onError: (e) => notify.error(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: removeUser,
    onSuccess: (list) => {
      onDone(list);
      notify.success('User removed.');
    },
    onError: (e) => notify.error(errorText(e)),
  });
  if (users.isPending) return <PageLoading />;
  if (users.isError) return <p role="alert">{errorText(users.error)}</p>;
  const masters = users.data.filter((u) => u.masterUser === 1).length;
  return (
    <table className={styles.table}>
      <caption className={shared.visuallyHidden}>Users of your company</caption>
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {users.data.map((u) => (
          <tr key={u.id}>
            <td>
              {u.userName}
              {u.id === myId ? ' (you)' : ''}
            </td>
            <td>{u.email}</td>
            <td>{u.masterUser === 1 ? 'Master user' : 'User'}</td>
            <td className={shared.actions}>
              {u.masterUser === 1 ? (
                <button
                  type="button"
                  className={shared.secondary}
                  disabled={masters <= 1 || master.isPending}
                  onClick={() => master.mutate({ id: u.id, value: 0 })}
                >
                  Unmake master <span className={shared.visuallyHidden}>{u.userName}</span>
                </button>
              ) : (
                <button
                  type="button"
                  className={shared.secondary}
                  disabled={master.isPending}
                  onClick={() => master.mutate({ id: u.id, value: 1 })}
                >
                  Make master <span className={shared.visuallyHidden}>{u.userName}</span>
                </button>
              )}
              {u.id !== myId && (
                <button
                  type="button"
                  className={shared.secondary}
                  disabled={remove.isPending}
                  onClick={() =>
                    window.confirm(`Remove ${u.userName} from your company?`) && remove.mutate(u.id)
                  }
                >
                  Remove <span className={shared.visuallyHidden}>{u.userName}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The invitations that wait to be accepted, so an invitation does not vanish once sent: each can
 * be sent again (a new link, a new week) or cancelled. The outcome is said in the list's status.
 */
function PendingInvitations() {
  const queryClient = useQueryClient();
  const invitations = useQuery(pendingInvitationsQuery);
  const [outcome, setOutcome] = useState<string>();
  const onChange = (reply: { message: string; invitations: PendingInvitation[] }) => {
    queryClient.setQueryData(pendingInvitationsQuery.queryKey, reply.invitations);
    setOutcome(reply.message);
  };
  const resend = useMutation({
    mutationFn: resendInvitation,
    onSuccess: onChange,
    onError: (e) => notify.error(errorText(e)),
  });
  const cancel = useMutation({
    mutationFn: cancelInvitation,
    onSuccess: onChange,
    onError: (e) => notify.error(errorText(e)),
  });
  const busy = resend.isPending || cancel.isPending;
  let body: ReactNode;
  if (invitations.isPending) body = <PageLoading />;
  else if (invitations.isError) body = <p role="alert">{errorText(invitations.error)}</p>;
  else if (invitations.data.length === 0) body = <p>No invitations are waiting to be accepted.</p>;
  else
    body = (
      <ul className={shared.signs} aria-label="Invitations waiting">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className={shared.sign}>
            <span>
              <strong>{invitation.email}</strong>
              <br />
              Sent {formatUkDate(invitation.sentAt)}.{' '}
              {invitation.expired
                ? 'The link has expired: send it again for a new one.'
                : `The link works until ${formatUkDate(invitation.expiresAt)}.`}
            </span>
            <span className={shared.actions}>
              <button
                type="button"
                className={shared.secondary}
                disabled={busy}
                onClick={() => resend.mutate(invitation.id)}
              >
                Send again <span className={shared.visuallyHidden}>to {invitation.email}</span>
              </button>
              <button
                type="button"
                className={shared.secondary}
                disabled={busy}
                onClick={() =>
                  window.confirm(
                    `Cancel the invitation to ${invitation.email}? Its link will stop working.`,
                  ) && cancel.mutate(invitation.id)
                }
              >
                Cancel invitation <span className={shared.visuallyHidden}>to {invitation.email}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className={shared.section} aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations waiting</h2>
      <p role="status">{outcome}</p>
      {body}
    </section>
  );
}

export function CompanyUsersPage() {
  return (
    <WorkspacePage
      intro="The people who manage your sites and signs. A company always keeps at least one master user."
      masterOnly
    >
      {(account) => (
        <>
          <Users companyId={account.companyId} myId={account.id} />
          <Invite />
          <PendingInvitations />
        </>
      )}
    </WorkspacePage>
  );
}
