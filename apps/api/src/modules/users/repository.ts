import type { UserRecord } from '@app/contract/accounts';
import type { Queryable } from '../../db/db';
import type { AuthUser } from '../../lib/auth-user';

// The modules above users name the caller's type through the users' repository, which reads it;
// those users builds on (stickers, sites) name it from lib/, so their folders do not import users.
export type { AuthUser };

interface UserRow {
  id: number;
  user_name: string;
  email: string;
  company_id: number;
  master_user: number;
  confirmed_at: Date | null;
  session_version: number;
  password_version: number;
  password_hash: string;
  title: string;
  firstname: string;
  surname: string;
  tel: string;
}

const userColumns = `id, user_name, email, company_id, master_user, confirmed_at, session_version,
  password_version, password_hash, title, firstname, surname, tel`;

export interface StoredUser extends AuthUser {
  passwordHash: string;
  title: string;
  firstname: string;
  surname: string;
  tel: string;
}

function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    userName: row.user_name,
    email: row.email,
    companyId: row.company_id,
    masterUser: row.master_user === 1,
    confirmedAt: row.confirmed_at,
    sessionVersion: row.session_version,
    passwordVersion: row.password_version,
    passwordHash: row.password_hash,
    title: row.title,
    firstname: row.firstname,
    surname: row.surname,
    tel: row.tel,
  };
}

export async function findUserById(q: Queryable, id: number): Promise<StoredUser | undefined> {
  const row = await q.maybeOne<UserRow>(`select ${userColumns} from users where id = $1`, [id]);
  return row && toUser(row);
}

/** User names are unique whatever their case, and found whatever the case typed. */
export async function findUserByName(q: Queryable, userName: string): Promise<StoredUser | undefined> {
  const row = await q.maybeOne<UserRow>(
    `select ${userColumns} from users where lower(user_name) = lower($1)`,
    [userName.trim()],
  );
  return row && toUser(row);
}

export async function findUserByEmail(q: Queryable, email: string): Promise<StoredUser | undefined> {
  const row = await q.maybeOne<UserRow>(`select ${userColumns} from users where email = lower(btrim($1))`, [
    email,
  ]);
  return row && toUser(row);
}

/** The account as its owner sees it (never the password hash). */
export function toUserRecord(user: StoredUser): UserRecord {
  return {
    id: user.id,
    userName: user.userName,
    confirmedAt: user.confirmedAt?.toISOString() ?? null,
    masterUser: user.masterUser ? 1 : 0,
    email: user.email,
    title: user.title,
    firstname: user.firstname,
    surname: user.surname,
    tel: user.tel,
    companyId: user.companyId,
  };
}

export async function confirmUser(q: Queryable, id: number): Promise<Date> {
  const row = await q.one<{ confirmed_at: Date }>(
    'update users set confirmed_at = coalesce(confirmed_at, now()) where id = $1 returning confirmed_at',
    [id],
  );
  return row.confirmed_at;
}

/**
 * Sets a new password. Both versions move on: every session and reset link issued before stops
 * working. Mail ownership is proven by the reset link, so an unconfirmed account is confirmed too.
 */
export async function changePassword(
  q: Queryable,
  id: number,
  passwordHash: string,
  /** The password version the caller's reset link was issued for: no change when it moved on. */
  fromPasswordVersion: number,
): Promise<boolean> {
  const rows = await q.query(
    `update users set password_hash = $2, session_version = session_version + 1,
       password_version = password_version + 1, confirmed_at = coalesce(confirmed_at, now())
     where id = $1 and password_version = $3
     returning id`,
    [id, passwordHash, fromPasswordVersion],
  );
  return rows.length === 1;
}

export interface NewCompany {
  name: string;
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  county: string;
  tel: string;
}

export async function insertCompany(q: Queryable, c: NewCompany): Promise<number> {
  const row = await q.one<{ id: number }>(
    `insert into companies (name, address1, address2, address3, town, postcode, county, tel)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [c.name, c.address1, c.address2, c.address3, c.town, c.postcode, c.county, c.tel],
  );
  return row.id;
}

export interface NewUser {
  companyId: number;
  userName: string;
  email: string;
  passwordHash: string;
  title: string;
  firstname: string;
  surname: string;
  tel: string;
  masterUser: boolean;
  confirmed?: boolean;
}

/**
 * The new user's id, or which unique field is already taken. `on conflict do nothing` leaves
 * the transaction usable, so the caller can still answer (and roll back) cleanly.
 */
export async function insertUser(
  q: Queryable,
  u: NewUser,
): Promise<{ id: number } | { taken: 'userName' | 'email' }> {
  const row = await q.maybeOne<{ id: number }>(
    `insert into users (company_id, user_name, email, password_hash, title, firstname, surname, tel,
       master_user, confirmed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $10::boolean then now() end)
     on conflict do nothing returning id`,
    [
      u.companyId,
      u.userName,
      u.email,
      u.passwordHash,
      u.title,
      u.firstname,
      u.surname,
      u.tel,
      u.masterUser ? 1 : 0,
      u.confirmed ?? false,
    ],
  );
  if (row) return { id: row.id };
  return (await findUserByName(q, u.userName)) ? { taken: 'userName' } : { taken: 'email' };
}

export interface NewSite {
  companyId: number;
  name: string;
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  county: string;
  keyInfo: string;
  /** null: not stated at sign-up (the spec's payload has no such field); the workspace asks for it. */
  retentionDays: number | null;
}

/**
 * The company's first site, made at sign-up with the company's address until the operator edits it.
 * Registering it is a confirmation of its details: the public sees them as confirmed today.
 */
export async function insertSite(q: Queryable, s: NewSite): Promise<number> {
  const row = await q.one<{ id: number }>(
    `insert into sites (company_id, name, address1, address2, address3, town, postcode, county, key_info,
                        retention_days, details_confirmed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now()) returning id`,
    [
      s.companyId,
      s.name,
      s.address1,
      s.address2,
      s.address3,
      s.town,
      s.postcode,
      s.county,
      s.keyInfo,
      s.retentionDays,
    ],
  );
  return row.id;
}
