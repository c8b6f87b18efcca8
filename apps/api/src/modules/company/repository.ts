import type { Queryable } from '../../db/db';

export interface CompanyUserRow {
  id: number;
  user_name: string;
  email: string;
  firstname: string;
  surname: string;
  master_user: number;
  confirmed_at: Date | null;
}

export interface CompanyRow {
  id: number;
  name: string;
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  county: string;
  tel: string;
}

export type CompanyDetails = Omit<CompanyRow, 'id'>;

/** The company's users, by user name whatever its case. */
export function companyUsers(q: Queryable, companyId: number): Promise<CompanyUserRow[]> {
  return q.query<CompanyUserRow>(
    `select id, user_name, email, firstname, surname, master_user, confirmed_at
       from users where company_id = $1 order by lower(user_name)`,
    [companyId],
  );
}

export function readCompany(q: Queryable, companyId: number): Promise<CompanyRow> {
  return q.one<CompanyRow>(
    'select id, name, address1, address2, address3, town, postcode, county, tel from companies where id = $1',
    [companyId],
  );
}

export async function updateCompany(q: Queryable, companyId: number, d: CompanyDetails): Promise<void> {
  await q.query(
    `update companies set name = $2, address1 = $3, address2 = $4, address3 = $5, town = $6, postcode = $7,
            county = $8, tel = $9 where id = $1`,
    [companyId, d.name, d.address1, d.address2, d.address3, d.town, d.postcode, d.county, d.tel],
  );
}

/** The company's users, locked until the transaction ends: two changes of master users queue here. */
export function lockCompanyUsers(q: Queryable, companyId: number) {
  return q.query<{ id: number; master_user: number }>(
    'select id, master_user from users where company_id = $1 order by id for update',
    [companyId],
  );
}

export async function setMasterUser(q: Queryable, userId: number, masterUser: 0 | 1): Promise<void> {
  await q.query('update users set master_user = $2 where id = $1', [userId, masterUser]);
}

export async function isEmailInUse(q: Queryable, email: string): Promise<boolean> {
  return (await q.maybeOne('select 1 from users where email = $1', [email])) !== undefined;
}

/** Stores an invitation, replacing an unaccepted one of the company to the same address. */
export async function replaceInvitation(
  q: Queryable,
  invitation: { companyId: number; email: string; invitedBy: number; tokenHash: string; ttlDays: number },
): Promise<void> {
  await q.query('delete from invitations where company_id = $1 and email = $2 and accepted_at is null', [
    invitation.companyId,
    invitation.email,
  ]);
  await q.query(
    `insert into invitations (company_id, email, invited_by, token_hash, expires_at)
     values ($1, $2, $3, $4, now() + $5::int * interval '1 day')`,
    [invitation.companyId, invitation.email, invitation.invitedBy, invitation.tokenHash, invitation.ttlDays],
  );
}

/** The address and company of a live (unaccepted, unexpired) invitation. */
export function findLiveInvitation(q: Queryable, tokenHash: string) {
  return q.maybeOne<{ email: string; name: string }>(
    `select i.email, c.name from invitations i join companies c on c.id = i.company_id
      where i.token_hash = $1 and i.accepted_at is null and i.expires_at > now()`,
    [tokenHash],
  );
}

/**
 * Marks a live invitation accepted; undefined when there is none. One statement, so of two
 * acceptances of one link exactly one succeeds.
 */
export function acceptInvitation(q: Queryable, tokenHash: string) {
  return q.maybeOne<{ id: number; company_id: number; email: string }>(
    `update invitations set accepted_at = now()
      where token_hash = $1 and accepted_at is null and expires_at > now()
      returning id, company_id, email`,
    [tokenHash],
  );
}

/** The e-mail address of a user who has this user name (any case) or this e-mail address. */
export function findUserNameOrEmail(q: Queryable, userName: string, email: string) {
  return q.maybeOne<{ email: string }>(
    'select email from users where lower(user_name) = lower($1) or email = $2',
    [userName, email],
  );
}

/** A user of the company, confirmed already (the invitation mail proved the address), not a master user. */
export async function insertInvitedUser(
  q: Queryable,
  user: {
    companyId: number;
    userName: string;
    email: string;
    passwordHash: string;
    firstname: string;
    surname: string;
  },
): Promise<void> {
  await q.query(
    `insert into users (company_id, user_name, email, password_hash, firstname, surname, master_user, confirmed_at)
     values ($1, $2, $3, $4, $5, $6, 0, now())`,
    [user.companyId, user.userName, user.email, user.passwordHash, user.firstname, user.surname],
  );
}

/** Removes one user of a company that lives on: the signs they registered stay with the company. */
export async function deleteUser(q: Queryable, userId: number): Promise<void> {
  await q.query('update stickers set user_id = null where user_id = $1', [userId]);
  await q.query('update invitations set invited_by = null where invited_by = $1', [userId]);
  await q.query('delete from users where id = $1', [userId]);
}
