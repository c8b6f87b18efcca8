import { signRefKey } from '@app/contract/accounts';
import { type Scheme, SEARCH_PAGE_SIZE } from '@app/contract/lookup';
import type { Db, Queryable } from '../../db/db';
import { type PublishedContact, publishedFrom } from '../publication/published';
import { outOfDateSql } from '../sites/repository';

interface SchemeRow {
  site_id: number;
  company_id: number;
  operator: string;
  site_name: string;
  town: string;
  postcode: string;
  key_info: string;
  retention_days: number | null;
  details_confirmed_at: Date | null;
  out_of_date: boolean;
  sign_ref: string | null;
}

const schemeColumns = `s.id as site_id, s.company_id, c.name as operator, s.name as site_name, s.town,
  s.postcode, s.key_info, s.retention_days, s.details_confirmed_at, ${outOfDateSql('s')} as out_of_date`;

/** The published channels of many sites of many companies, in one query. */
async function publishedContacts(
  q: Queryable,
  rows: readonly SchemeRow[],
): Promise<Map<number, PublishedContact>> {
  if (rows.length === 0) return new Map();
  const publications = await q.query<Parameters<typeof publishedFrom>[0] & { company_id: number }>(
    `select company_id, site_id, show_phone, show_email, show_address, show_relay, phone, email, address,
            is_home_address, home_address_consent, contact_text
       from contact_publications
      where company_id = any($1::bigint[]) and (site_id is null or site_id = any($2::bigint[]))`,
    [[...new Set(rows.map((r) => r.company_id))], rows.map((r) => r.site_id)],
  );
  const result = new Map<number, PublishedContact>();
  for (const row of rows) {
    const own = publications.find((p) => p.site_id === row.site_id);
    const company = publications.find((p) => p.site_id === null && p.company_id === row.company_id);
    result.set(row.site_id, publishedFrom(own ?? company));
  }
  return result;
}

function toScheme(row: SchemeRow, contact: PublishedContact): Scheme {
  const confirmed = row.details_confirmed_at;
  return {
    siteId: row.site_id,
    operator: row.operator,
    siteName: row.site_name,
    town: row.town,
    postcode: row.postcode,
    purpose: row.key_info,
    retentionDays: row.retention_days,
    contact,
    detailsConfirmedAt: confirmed ? confirmed.toISOString() : null,
    // One rule with the workspace: not confirmed for 13 months, counting from creation.
    mayBeOutOfDate: row.out_of_date,
    signRef: row.sign_ref,
  };
}

async function toSchemes(q: Queryable, rows: readonly SchemeRow[]): Promise<Scheme[]> {
  const contacts = await publishedContacts(q, rows);
  return rows.map((row) => toScheme(row, contacts.get(row.site_id) ?? publishedFrom(undefined)));
}

export interface SignLookup {
  id: number;
  signRef: string;
  /** The operator's company; null with the scheme. */
  companyId: number | null;
  /** Null when the sticker exists but no operator has registered it. */
  scheme: Scheme | null;
}

/**
 * The signs, their sites and companies, and the publication that applies to each (the site's own,
 * else the company's), in one statement: for one reference key, and for several. Each is prepared
 * once per connection under its name.
 */
const signLookupSql = (where: string) => `select st.id, st.sign_ref, st.sign_ref_key, ${schemeColumns},
       p.site_id as publication_site_id, p.show_phone, p.show_email, p.show_address, p.show_relay,
       p.phone, p.email, p.address, p.is_home_address, p.home_address_consent, p.contact_text
  from stickers st
  left join sites s on s.id = st.site_id
  left join companies c on c.id = s.company_id
  left join lateral (
    select cp.site_id, cp.show_phone, cp.show_email, cp.show_address, cp.show_relay, cp.phone, cp.email,
           cp.address, cp.is_home_address, cp.home_address_consent, cp.contact_text
      from contact_publications cp
     where cp.company_id = s.company_id and (cp.site_id = s.id or cp.site_id is null)
     order by cp.site_id nulls last
     limit 1
  ) p on true
 where ${where}`;
const oneSign = { name: 'sign_lookup_v2', sql: signLookupSql('st.sign_ref_key = $1') };
const severalSigns = { name: 'sign_lookup_many_v1', sql: signLookupSql('st.sign_ref_key = any($1::text[])') };

/**
 * The keys one statement looks up, at most. The statement for several always gets this many (the
 * last key repeated; the index is read once per distinct key): PostgreSQL then plans it once per
 * connection and keeps that plan. With arrays of every length it planned each execution afresh
 * (about 0.2 ms of the database's time, measured), as its plan for an array of unknown length
 * looked dearer than one for a few keys.
 */
export const SIGN_LOOKUP_KEYS = 16;

type PublicationRow = NonNullable<Parameters<typeof publishedFrom>[0]>;
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Without a registered site the scheme's columns are null; without a publication, its columns. */
type SignLookupRow = { id: number; sign_ref: string; sign_ref_key: string } & Nullable<
  Omit<SchemeRow, 'sign_ref'>
> &
  Nullable<Omit<PublicationRow, 'site_id'>>;

/** The sign with this reference (hyphens, spaces and case forgiven) and its scheme, if registered. */
export async function lookupSign(db: Db, term: string): Promise<SignLookup | undefined> {
  const key = signRefKey(term);
  return (await lookupSigns(db, [key])).get(key);
}

/**
 * The signs of these reference keys (as signRefKey gives them, 1 to SIGN_LOOKUP_KEYS of them) in
 * one statement, by key; a key no sign has is absent.
 */
export async function lookupSigns(db: Db, keys: readonly string[]): Promise<Map<string, SignLookup>> {
  const last = keys.at(-1);
  if (last === undefined || keys.length > SIGN_LOOKUP_KEYS) {
    throw new RangeError(`a sign look-up takes 1 to ${SIGN_LOOKUP_KEYS} keys, not ${keys.length}`);
  }
  const rows =
    keys.length === 1
      ? await db.prepared<SignLookupRow>(oneSign.name, oneSign.sql, [last])
      : await db.prepared<SignLookupRow>(severalSigns.name, severalSigns.sql, [
          [...keys, ...Array<string>(SIGN_LOOKUP_KEYS - keys.length).fill(last)],
        ]);
  return new Map(rows.map((row) => [row.sign_ref_key, toSignLookup(row)]));
}

function toSignLookup(row: SignLookupRow): SignLookup {
  if (row.site_id === null) return { id: row.id, signRef: row.sign_ref, companyId: null, scheme: null };
  // A registered sign's site and company columns are all there (not null, joined by keys).
  const registered = row as SchemeRow & Nullable<Omit<PublicationRow, 'site_id'>>;
  // show_relay is never null in a publication: null means none was chosen yet.
  const publication = registered.show_relay === null ? undefined : (registered as unknown as PublicationRow);
  return {
    id: row.id,
    signRef: row.sign_ref,
    companyId: registered.company_id,
    scheme: toScheme({ ...registered, sign_ref: row.sign_ref }, publishedFrom(publication)),
  };
}

/** Close words of the vocabulary tried for each typed word (the best by trigram similarity). */
const ALTERNATIVES_PER_WORD = 5;
const MAX_WORDS = 6;

/** The words of a search term as the search documents hold them: lower case letters and digits. */
export function searchWords(term: string): string[] {
  return [...new Set(term.toLowerCase().split(/[^\p{L}\p{N}]+/u))]
    .filter((w) => w.length >= 2)
    .slice(0, MAX_WORDS);
}

/**
 * Schemes whose company name, site name, town or postcode hold, for every typed word, that word
 * or a close one (typos forgiven by trigram similarity against the vocabulary), best first, one
 * page of SEARCH_PAGE_SIZE.
 */
export async function searchSchemes(
  q: Queryable,
  term: string,
  page: number,
): Promise<{ results: Scheme[]; hasMore: boolean }> {
  const words = searchWords(term);
  if (words.length === 0) return { results: [], hasMore: false };
  const rows = await q.query<SchemeRow>(
    `with typed as (
       select w, ord from unnest($1::text[]) with ordinality as t(w, ord)
     ),
     alternatives as (
       select typed.ord, string_agg(quote_literal(v.word), ' | ') as alts
         from typed
         cross join lateral (
           select word from search_words where word % typed.w order by word <-> typed.w limit $2
         ) v
        group by typed.ord
     ),
     wanted as (
       select to_tsquery('simple', string_agg('(' || alts || ')', ' & ')) as query
         from alternatives
       having count(*) = cardinality($1::text[])
     ),
     -- The page is chosen from the sites alone; only its rows are joined to their companies.
     ranked as (
       select s.id, ts_rank(s.search_tsv, wanted.query) as rank
         from wanted join sites s on s.search_tsv @@ wanted.query
        order by rank desc, s.id
        limit $3 offset $4
     )
     select ${schemeColumns},
            (select st.sign_ref from stickers st where st.site_id = s.id order by st.id limit 1) as sign_ref
       from ranked
       join sites s on s.id = ranked.id
       join companies c on c.id = s.company_id
      order by ranked.rank desc, s.id`,
    [words, ALTERNATIVES_PER_WORD, SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE],
  );
  const hasMore = rows.length > SEARCH_PAGE_SIZE;
  return { results: await toSchemes(q, rows.slice(0, SEARCH_PAGE_SIZE)), hasMore };
}

/** Records one look-up: the term, the sign it found, the brand and the time; nothing about who. */
export async function addSearchRecord(
  q: Queryable,
  record: { term: string; stickerId: number | null; brand: string },
): Promise<void> {
  await q.query('insert into search_records (term, sticker_id, brand) values ($1, $2, $3)', [
    record.term,
    record.stickerId,
    record.brand,
  ]);
}
