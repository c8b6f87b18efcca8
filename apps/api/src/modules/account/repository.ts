import type { Queryable } from '../../db/db';

/** Columns never handed out, even to their owner: secrets are stored only as hashes. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'link_nonce']);

/** A table that points at a company or a user: the columns that do, and the columns that may be shown. */
export interface OwnedTable {
  keys: string[];
  columns: string[];
}

/** Tables that point at a company or a user, read from the database so new tables are never missed. */
export async function ownedTables(q: Queryable): Promise<Map<string, OwnedTable>> {
  const rows = await q.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and column_name in ('company_id', 'user_id')
        and table_name in (select table_name from information_schema.tables
                            where table_schema = current_schema() and table_type = 'BASE TABLE')
      order by table_name, column_name`,
  );
  const columns = async (table: string) =>
    (
      await q.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [table],
      )
    )
      .map((r) => r.column_name)
      .filter((c) => !SECRET_COLUMNS.has(c));
  const tables = new Map<string, OwnedTable>();
  for (const row of rows) {
    const entry = tables.get(row.table_name) ?? { keys: [], columns: await columns(row.table_name) };
    entry.keys.push(row.column_name);
    tables.set(row.table_name, entry);
  }
  return tables;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * `company_id = $n or user_id = any($m)`, with only the parameters it uses; any other key (the
 * users table's `id`) is matched against the user ids.
 */
function ownerFilter(keys: string[], companyId: number, userIds: number[]) {
  const params: unknown[] = [];
  const where = keys.map((key) => {
    if (key === 'company_id') {
      params.push(companyId);
      return `${ident(key)} = $${params.length}`;
    }
    params.push(userIds);
    return `${ident(key)} = any($${params.length}::bigint[])`;
  });
  return { where: where.join(' or '), params };
}

/** The rows of `table` whose `keys` name the company or one of the users, only `columns` of them. */
export function ownedRows(
  q: Queryable,
  table: string,
  columns: string[],
  keys: string[],
  owner: { companyId: number; userIds: number[] },
): Promise<unknown[]> {
  const { where, params } = ownerFilter(keys, owner.companyId, owner.userIds);
  return q.query(
    `select ${columns.map(ident).join(', ')} from ${ident(table)} where ${where} order by 1`,
    params,
  );
}

/** The company's row: all of it, or only its id and name. */
export function companyRows(q: Queryable, companyId: number, whole: boolean): Promise<unknown[]> {
  return whole
    ? q.query('select * from companies where id = $1', [companyId])
    : q.query('select id, name from companies where id = $1', [companyId]);
}

/** The mail sent, or waiting to be sent, to an address. */
export function mailsTo(q: Queryable, email: string) {
  return q.query<{ text_body: string }>(
    'select id, brand, to_address, subject, text_body, sent_at, created_at from mail_outbox where to_address = $1 order by id',
    [email],
  );
}

/** The look-ups of the company's signs. */
export function searchRecordsOfCompany(q: Queryable, companyId: number): Promise<unknown[]> {
  return q.query(
    `select r.id, r.term, r.sticker_id, r.brand, r.created_at from search_records r
       join stickers k on k.id = r.sticker_id where k.company_id = $1 order by r.id`,
    [companyId],
  );
}

/**
 * Removes a company and everything that names it: its signs are released (free for a new
 * owner), every other row with its company_id or one of its users' ids is deleted. Kept: the
 * mail telling the user, queued by the caller afterwards (docs/decisions/0005).
 */
export async function deleteCompany(q: Queryable, companyId: number): Promise<void> {
  const users = (
    await q.query<{ id: number }>('select id from users where company_id = $1', [companyId])
  ).map((r) => r.id);
  await q.query(
    `update stickers set site_id = null, company_id = null, user_id = null, site_name = null, start_date = null
      where company_id = $1`,
    [companyId],
  );
  const last = new Set(['users', 'sites', 'companies', 'stickers']);
  for (const [table, { keys }] of await ownedTables(q)) {
    if (last.has(table)) continue;
    const { where, params } = ownerFilter(keys, companyId, users);
    await q.query(`delete from ${ident(table)} where ${where}`, params);
  }
  await q.query('update invitations set invited_by = null where invited_by = any($1::bigint[])', [users]);
  await q.query('delete from users where company_id = $1', [companyId]);
  await q.query('delete from sites where company_id = $1', [companyId]);
  await q.query('delete from companies where id = $1', [companyId]);
}

/** Every mail to the address goes, sent or waiting. */
export async function deleteMailTo(q: Queryable, email: string): Promise<void> {
  await q.query('delete from mail_outbox where to_address = $1', [email]);
}

// ---- The user's own row

export interface DetailsRow {
  id: number;
  user_name: string;
  title: string;
  firstname: string;
  surname: string;
  tel: string;
  email: string;
  master_user: number;
  company_id: number;
  company_name: string;
}

export function detailsRow(q: Queryable, userId: number): Promise<DetailsRow> {
  return q.one<DetailsRow>(
    `select u.id, u.user_name, u.title, u.firstname, u.surname, u.tel, u.email, u.master_user, u.company_id,
            c.name as company_name
       from users u join companies c on c.id = u.company_id where u.id = $1`,
    [userId],
  );
}

export async function updateDetails(
  q: Queryable,
  userId: number,
  d: { title: string; firstname: string; surname: string; tel: string },
): Promise<void> {
  await q.query('update users set title = $2, firstname = $3, surname = $4, tel = $5 where id = $1', [
    userId,
    d.title,
    d.firstname,
    d.surname,
    d.tel,
  ]);
}

/** Whether an account other than `userId` (any account, when 0) has `email`. */
export async function isEmailTaken(q: Queryable, email: string, userId: number): Promise<boolean> {
  const taken = await q.maybeOne('select 1 from users where email = $1 and id <> $2', [email, userId]);
  return taken !== undefined;
}

/** The user's address, the row locked until the transaction ends. */
export async function lockUserEmail(q: Queryable, userId: number): Promise<string> {
  const row = await q.one<{ email: string }>('select email from users where id = $1 for update', [userId]);
  return row.email;
}

export async function setEmail(q: Queryable, userId: number, email: string): Promise<void> {
  await q.query('update users set email = $2 where id = $1', [userId, email]);
}

/** Every session and every reset link issued so far stops working. */
export async function endSessionsAndResets(q: Queryable, userId: number): Promise<void> {
  await q.query(
    `update users set session_version = session_version + 1, password_version = password_version + 1
      where id = $1`,
    [userId],
  );
}

/** Stores a new password hash and ends every session and reset link; the new session version. */
export async function setPassword(q: Queryable, userId: number, passwordHash: string): Promise<number> {
  const row = await q.one<{ session_version: number }>(
    `update users set password_hash = $2, session_version = session_version + 1,
            password_version = password_version + 1 where id = $1 returning session_version`,
    [userId, passwordHash],
  );
  return row.session_version;
}

/** Whether each other user of the company is a master user, their rows locked until the transaction ends. */
export function lockOtherUsers(q: Queryable, companyId: number, userId: number) {
  return q.query<{ master_user: number }>(
    'select master_user from users where company_id = $1 and id <> $2 for update',
    [companyId, userId],
  );
}
