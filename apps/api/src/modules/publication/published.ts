import type { Queryable } from '../../db/db';
import type { SettingsRow } from './repository';

/** The contact channels a visitor sees for one site (the sign lookup and the preview). */
export interface PublishedContact {
  phone: string | null;
  email: string | null;
  address: string | null;
  /** The "Contact the operator" relay form is offered. */
  relay: boolean;
  contactText: string | null;
}

/** With nothing chosen yet, only the relay is offered: no phone, e-mail or address is published. */
const NOTHING_PUBLISHED: PublishedContact = {
  phone: null,
  email: null,
  address: null,
  relay: true,
  contactText: null,
};

/** Applies the rules of publication to one row: a channel shows only when switched on and filled in. */
export function publishedFrom(row: SettingsRow | undefined): PublishedContact {
  if (!row) return NOTHING_PUBLISHED;
  const addressAllowed = row.show_address && (!row.is_home_address || row.home_address_consent);
  return {
    phone: row.show_phone && row.phone ? row.phone : null,
    email: row.show_email && row.email ? row.email : null,
    address: addressAllowed && row.address ? row.address : null,
    relay: row.show_relay,
    contactText: row.contact_text ? row.contact_text : null,
  };
}

/**
 * The published contact of each given site of a company: the site's own settings where it has
 * them, else the company's.
 */
export async function publishedContactForSites(
  q: Queryable,
  companyId: number,
  siteIds: readonly number[],
): Promise<Map<number, PublishedContact>> {
  const rows = await q.query<SettingsRow>(
    `select site_id, show_phone, show_email, show_address, show_relay, phone, email, address,
            is_home_address, home_address_consent, contact_text
       from contact_publications
      where company_id = $1 and (site_id is null or site_id = any($2::bigint[]))`,
    [companyId, siteIds],
  );
  const companyRow = rows.find((r) => r.site_id === null);
  const result = new Map<number, PublishedContact>();
  for (const siteId of siteIds) {
    result.set(siteId, publishedFrom(rows.find((r) => r.site_id === siteId) ?? companyRow));
  }
  return result;
}
