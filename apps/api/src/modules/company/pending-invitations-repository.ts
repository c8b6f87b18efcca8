import type { Queryable } from '../../db/db';

export interface PendingInvitationRow {
  id: number;
  email: string;
  created_at: Date;
  expires_at: Date;
}

const columns = 'id, email, created_at, expires_at';

/** The company's invitations not yet accepted, newest first; never another company's. */
export function pendingInvitations(q: Queryable, companyId: number): Promise<PendingInvitationRow[]> {
  return q.query<PendingInvitationRow>(
    `select ${columns} from invitations
      where company_id = $1 and accepted_at is null
      order by created_at desc, id desc`,
    [companyId],
  );
}

/** One of them, when it is the company's and still pending. */
export function pendingInvitation(
  q: Queryable,
  companyId: number,
  id: number,
): Promise<PendingInvitationRow | undefined> {
  return q.maybeOne<PendingInvitationRow>(
    `select ${columns} from invitations where id = $1 and company_id = $2 and accepted_at is null`,
    [id, companyId],
  );
}

/**
 * A new link for a pending invitation of the company: the old token stops working and the new one
 * runs `ttlDays` from now. Undefined when it is not the company's or was accepted meanwhile.
 */
export function renewInvitation(
  q: Queryable,
  renewal: { companyId: number; id: number; tokenHash: string; ttlDays: number; invitedBy: number },
): Promise<PendingInvitationRow | undefined> {
  return q.maybeOne<PendingInvitationRow>(
    `update invitations
        set token_hash = $3, expires_at = now() + $4::int * interval '1 day', created_at = now(), invited_by = $5
      where id = $1 and company_id = $2 and accepted_at is null
      returning ${columns}`,
    [renewal.id, renewal.companyId, renewal.tokenHash, renewal.ttlDays, renewal.invitedBy],
  );
}

/** Deletes a pending invitation of the company (its link dies); false when there was none. */
export async function cancelInvitation(q: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await q.query(
    'delete from invitations where id = $1 and company_id = $2 and accepted_at is null returning id',
    [id, companyId],
  );
  return rows.length === 1;
}
