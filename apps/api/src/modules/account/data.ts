import type { Queryable } from '../../db/db';

/** Columns never handed out, even to their owner: secrets are stored only as hashes. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'link_nonce']);

/** Tables that point at a company or a user, read from the database so new tables are never missed. */
async function ownedTables(q: Queryable) {
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
  const tables = new Map<string, { keys: string[]; columns: string[] }>();
  for (const row of rows) {
    const entry = tables.get(row.table_name) ?? { keys: [], columns: await columns(row.table_name) };
    entry.keys.push(row.column_name);
    tables.set(row.table_name, entry);
  }
  return tables;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `company_id = $n or user_id = any($m)`, with only the parameters it uses (`id`: the user ids). */
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

/**
 * Tables keyed by company that every user of the company sees in the workspace (sites, signs,
 * visitors' requests). The rest (users, invitations, published contact settings, and any table
 * added later) are a master user's: a plain user gets only their own rows of them.
 */
const SHARED_WITH_PLAIN_USERS = new Set(['sites', 'stickers', 'relay_requests', 'request_events']);

/**
 * A web address in a mail body that carries a query or fragment: every link we send with a
 * secret in it (confirmation, reset, e-mail change, cancel, invitation) has one.
 */
const LINK_WITH_SECRET = /\bhttps?:\/\/[^\s"'<>]*[?#][^\s"'<>]*/gi;
/** Stored mail keeps what it said, without the links: a download must not hand out a way in. */
const LINK_REMOVED = '[link removed]';

/**
 * Everything we hold about a user, table by table, as far as they may see it elsewhere: a master
 * user gets the company, its users and every row of every table that names the company or the
 * user; a plain user gets the company's name, their own user and the rows of the tables shared
 * with them (SHARED_WITH_PLAIN_USERS) or naming them. Also the mail sent to the user (its links
 * removed) and the look-ups of the company's signs. Hashes of passwords and tokens are left out.
 */
export async function exportUserData(
  q: Queryable,
  user: { id: number; companyId: number; email: string; masterUser: boolean },
): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  result.companies = user.masterUser
    ? await q.query('select * from companies where id = $1', [user.companyId])
    : await q.query('select id, name from companies where id = $1', [user.companyId]);
  for (const [table, { keys, columns }] of await ownedTables(q)) {
    let visible = keys;
    if (!user.masterUser && !SHARED_WITH_PLAIN_USERS.has(table)) {
      // users has only company_id: a plain user's own row is picked by its id.
      visible = table === 'users' ? ['id'] : keys.filter((key) => key === 'user_id');
    }
    if (visible.length === 0) {
      result[table] = [];
      continue;
    }
    const { where, params } = ownerFilter(visible, user.companyId, [user.id]);
    result[table] = await q.query(
      `select ${columns.map(ident).join(', ')} from ${ident(table)} where ${where} order by 1`,
      params,
    );
  }
  const mails = await q.query<{ text_body: string }>(
    'select id, brand, to_address, subject, text_body, sent_at, created_at from mail_outbox where to_address = $1 order by id',
    [user.email],
  );
  result.mail_outbox = mails.map((m) => ({
    ...m,
    text_body: m.text_body.replace(LINK_WITH_SECRET, LINK_REMOVED),
  }));
  result.search_records = await q.query(
    `select r.id, r.term, r.sticker_id, r.brand, r.created_at from search_records r
       join stickers k on k.id = r.sticker_id where k.company_id = $1 order by r.id`,
    [user.companyId],
  );
  return result;
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

/** Removes one user of a company that lives on: the signs they registered stay with the company. */
export async function deleteUser(q: Queryable, userId: number): Promise<void> {
  await q.query('update stickers set user_id = null where user_id = $1', [userId]);
  await q.query('update invitations set invited_by = null where invited_by = $1', [userId]);
  await q.query('delete from users where id = $1', [userId]);
}
