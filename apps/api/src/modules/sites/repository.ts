import type { SiteRecord, SiteSummary } from '@app/contract/workspace';
import { DETAILS_STALE_MONTHS } from '@app/contract/workspace';
import type { Queryable } from '../../db/db';

interface SiteRow {
  id: number;
  company_id: number;
  name: string;
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  county: string;
  key_info: string;
  retention_days: number | null;
  who_sees: string;
  details_confirmed_at: Date | null;
  out_of_date: boolean;
}

/** Confirmed at sign-up counts from the site's creation: its details were typed in then. */
export const outOfDateSql = (alias: string) =>
  `coalesce(${alias}.details_confirmed_at, ${alias}.created_at) < now() - interval '${DETAILS_STALE_MONTHS} months'`;

const siteColumns = `s.id, s.company_id, s.name, s.address1, s.address2, s.address3, s.town, s.postcode,
  s.county, s.key_info, s.retention_days, s.who_sees, s.details_confirmed_at, ${outOfDateSql('s')} as out_of_date`;

export function toSiteRecord(row: SiteRow): SiteRecord {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    town: row.town,
    postcode: row.postcode,
    county: row.county,
    keyInfo: row.key_info,
    retentionDays: row.retention_days,
    whoSees: row.who_sees,
    detailsConfirmedAt: row.details_confirmed_at?.toISOString() ?? null,
    detailsOutOfDate: row.out_of_date,
  };
}

/** A site of this company; undefined for any other company's site. */
export async function findCompanySite(q: Queryable, companyId: number, siteId: number) {
  const row = await q.maybeOne<SiteRow>(
    `select ${siteColumns} from sites s where s.id = $1 and s.company_id = $2`,
    [siteId, companyId],
  );
  return row ? toSiteRecord(row) : undefined;
}

/** The company's sites with their sign counts and the look-ups of their signs in the last 30 days. */
export async function listCompanySites(q: Queryable, companyId: number): Promise<SiteSummary[]> {
  const rows = await q.query<SiteRow & { sign_count: number; lookups: number }>(
    `select ${siteColumns},
            (select count(*) from stickers k where k.site_id = s.id) as sign_count,
            (select count(*) from search_records r join stickers k on k.id = r.sticker_id
              where k.site_id = s.id and r.created_at > now() - interval '30 days') as lookups
       from sites s where s.company_id = $1 order by s.name, s.id`,
    [companyId],
  );
  return rows.map((row) => ({ ...toSiteRecord(row), signCount: row.sign_count, lookups30Days: row.lookups }));
}

export interface SiteFields {
  name: string;
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  county: string;
  keyInfo: string;
  retentionDays: number;
  whoSees: string;
}

const fieldValues = (f: SiteFields) => [
  f.name,
  f.address1,
  f.address2,
  f.address3,
  f.town,
  f.postcode,
  f.county,
  f.keyInfo,
  f.retentionDays,
  f.whoSees,
];

export async function insertSite(q: Queryable, companyId: number, f: SiteFields): Promise<number> {
  const row = await q.one<{ id: number }>(
    `insert into sites (company_id, name, address1, address2, address3, town, postcode, county, key_info,
                        retention_days, who_sees, details_confirmed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now()) returning id`,
    [companyId, ...fieldValues(f)],
  );
  return row.id;
}

/**
 * Updates a site of this company, and its signs' copy of its name, in one statement; a site of
 * another company is left alone (the caller's read of the site then refuses it). Saving is a
 * confirmation of the site's details, so it starts a new reminder year.
 */
export async function updateSite(
  q: Queryable,
  companyId: number,
  siteId: number,
  f: SiteFields,
): Promise<void> {
  await q.query(
    `with site as (
       update sites set name = $3, address1 = $4, address2 = $5, address3 = $6, town = $7, postcode = $8,
              county = $9, key_info = $10, retention_days = $11, who_sees = $12,
              details_confirmed_at = now(), reminder_sent_at = null
        where id = $1 and company_id = $2 returning id)
     update stickers set site_name = $3 where site_id in (select id from site)`,
    [siteId, companyId, ...fieldValues(f)],
  );
}

/**
 * "These details are still correct": confirms a site of this company now; a site of another
 * company is left alone (the caller's read of the site then refuses it).
 */
export async function confirmSiteDetails(q: Queryable, companyId: number, siteId: number): Promise<void> {
  await q.query(
    `update sites set details_confirmed_at = now(), reminder_sent_at = null
      where id = $1 and company_id = $2`,
    [siteId, companyId],
  );
}
