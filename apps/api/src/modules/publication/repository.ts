import type { Queryable } from '../../db/db';
import { outOfDateSql } from '../sites/repository';

/** One row of contact_publications: the company's (site_id null) or one site's own settings. */
export interface SettingsRow {
  site_id: number | null;
  show_phone: boolean;
  show_email: boolean;
  show_address: boolean;
  show_relay: boolean;
  phone: string;
  email: string;
  address: string;
  is_home_address: boolean;
  home_address_consent: boolean;
  contact_text: string;
}

/** What is stored for the company (siteId null) or one site. */
export interface SettingsValues {
  companyId: number;
  siteId: number | null;
  showPhone: boolean;
  showEmail: boolean;
  showAddress: boolean;
  showRelay: boolean;
  phone: string;
  email: string;
  address: string;
  isHomeAddress: boolean;
  homeAddressConsent: boolean;
  contactText: string;
}

export async function companyName(q: Queryable, companyId: number): Promise<string> {
  const row = await q.one<{ name: string }>('select name from companies where id = $1', [companyId]);
  return row.name;
}

/** The company's sites by name, each with whether its details may be out of date (the sites module's rule). */
export function companySites(q: Queryable, companyId: number) {
  return q.query<{ id: number; name: string; out_of_date: boolean }>(
    `select s.id, s.name, ${outOfDateSql('s')} as out_of_date from sites s where s.company_id = $1 order by s.name, s.id`,
    [companyId],
  );
}

/** Every settings row of the company: its own and those of the sites that differ. */
export function companySettings(q: Queryable, companyId: number): Promise<SettingsRow[]> {
  return q.query<SettingsRow>(
    `select site_id, show_phone, show_email, show_address, show_relay, phone, email, address,
            is_home_address, home_address_consent, contact_text
       from contact_publications where company_id = $1`,
    [companyId],
  );
}

export async function isCompanySite(q: Queryable, companyId: number, siteId: number): Promise<boolean> {
  const site = await q.maybeOne('select 1 from sites where id = $1 and company_id = $2', [siteId, companyId]);
  return site !== undefined;
}

/** Replaces the company's or the site's settings, creating the row the first time. */
export async function saveSettings(q: Queryable, v: SettingsValues): Promise<void> {
  const values = [
    v.companyId,
    v.siteId,
    v.showPhone,
    v.showEmail,
    v.showAddress,
    v.showRelay,
    v.phone,
    v.email,
    v.address,
    v.isHomeAddress,
    v.homeAddressConsent,
    v.contactText,
  ];
  const set = `show_phone = $3, show_email = $4, show_address = $5, show_relay = $6, phone = $7, email = $8,
               address = $9, is_home_address = $10, home_address_consent = $11, contact_text = $12`;
  const updated = await q.query(
    `update contact_publications set ${set}
      where company_id = $1 and site_id is not distinct from $2::bigint returning id`,
    values,
  );
  if (updated.length === 0) {
    await q.query(
      `insert into contact_publications (company_id, site_id, show_phone, show_email, show_address, show_relay,
                                         phone, email, address, is_home_address, home_address_consent, contact_text)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      values,
    );
  }
}

export async function deleteSiteSettings(q: Queryable, companyId: number, siteId: number): Promise<void> {
  await q.query('delete from contact_publications where company_id = $1 and site_id = $2', [
    companyId,
    siteId,
  ]);
}
