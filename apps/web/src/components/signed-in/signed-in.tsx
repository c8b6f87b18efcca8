import type { AccountDetails } from '@app/contract/workspace';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { errorText } from '../form-status';
import { PageLoading } from '../lazy-page';
import { PageShell } from '../page-shell';
import { SignInGate } from '../sign-in-gate';
import { accountQuery } from './api/account-query';

/**
 * The frame of every workspace page: signed out, it offers Sign In (and then comes back here);
 * for company pages, a plain user is told these are for master users (the API refuses them anyway).
 */
export function WorkspacePage({
  intro,
  masterOnly = false,
  notice,
  children,
}: {
  intro: string;
  masterOnly?: boolean;
  /** Shown above the page's body whether or not anyone is signed in (the outcome of a mailed link). */
  notice?: ReactNode;
  children: (account: AccountDetails) => ReactNode;
}) {
  const session = useSession();
  const account = useQuery({ ...accountQuery, enabled: session.signedIn });
  let body: ReactNode;
  if (!session.signedIn) body = <SignInGate message="Please sign in to see this page." />;
  else if (account.isPending) body = <PageLoading />;
  else if (account.isError) body = <p role="alert">{errorText(account.error)}</p>;
  else if (masterOnly && account.data.masterUser !== 1)
    body = <p role="alert">Only a master user of your company can open this page.</p>;
  else body = children(account.data);
  return (
    <PageShell intro={intro}>
      {notice}
      {body}
    </PageShell>
  );
}
