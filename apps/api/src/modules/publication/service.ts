import { messages } from '@app/contract/messages';
import type { PublicationReply, PublicationSettingsRecord, publicationBody } from '@app/contract/workspace';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { publishedContactForSites } from './published';
import * as repo from './repository';

type PublicationInput = z.output<typeof publicationBody>;

const toSettings = (row: repo.SettingsRow): PublicationSettingsRecord => ({
  showPhone: row.show_phone,
  showEmail: row.show_email,
  showAddress: row.show_address,
  showRelay: row.show_relay,
  phone: row.phone,
  email: row.email,
  address: row.address,
  isHomeAddress: row.is_home_address,
  homeAddressConsent: row.home_address_consent,
  contactText: row.contact_text,
});

/** Nothing chosen yet: only the relay form, as publishedFrom assumes. */
const DEFAULT_SETTINGS: PublicationSettingsRecord = {
  showPhone: false,
  showEmail: false,
  showAddress: false,
  showRelay: true,
  phone: '',
  email: '',
  address: '',
  isHomeAddress: false,
  homeAddressConsent: false,
  contactText: '',
};

/** The company's and each site's settings, with the preview a visitor of each site sees. */
export async function readPublication(q: Queryable, companyId: number): Promise<PublicationReply> {
  const name = await repo.companyName(q, companyId);
  const sites = await repo.companySites(q, companyId);
  const rows = await repo.companySettings(q, companyId);
  const preview = await publishedContactForSites(
    q,
    companyId,
    sites.map((s) => s.id),
  );
  const companyRow = rows.find((r) => r.site_id === null);
  return {
    company: { name, settings: companyRow ? toSettings(companyRow) : DEFAULT_SETTINGS },
    sites: sites.map((site) => {
      const own = rows.find((r) => r.site_id === site.id);
      const shown = preview.get(site.id);
      if (!shown) throw new Error('Preview missing for a site');
      return {
        siteId: site.id,
        siteName: site.name,
        settings: own ? toSettings(own) : null,
        preview: shown,
        detailsOutOfDate: site.out_of_date,
      };
    }),
  };
}

/** 404 unless the site is the company's: another company's site is answered as not found. */
async function requireCompanySite(q: Queryable, companyId: number, siteId: number): Promise<void> {
  if (!(await repo.isCompanySite(q, companyId, siteId))) throw new HttpError(404, messages.server.notFound);
}

/** Stores what the public sees for the company (siteId null) or one of its sites. */
export function savePublication(db: Db, companyId: number, b: PublicationInput): Promise<PublicationReply> {
  return db.transaction(async (tx) => {
    if (b.siteId !== null) await requireCompanySite(tx, companyId, b.siteId);
    await repo.saveSettings(tx, {
      companyId,
      siteId: b.siteId,
      showPhone: b.showPhone,
      showEmail: b.showEmail,
      showAddress: b.showAddress,
      showRelay: b.showRelay,
      phone: b.phone,
      email: b.email,
      address: b.address,
      isHomeAddress: b.isHomeAddress,
      // Consent only means something for a home address.
      homeAddressConsent: b.isHomeAddress && b.homeAddressConsent,
      contactText: b.contactText,
    });
    return readPublication(tx, companyId);
  });
}

/** A site follows the company's settings again. */
export function followCompany(db: Db, companyId: number, siteId: number): Promise<PublicationReply> {
  return db.transaction(async (tx) => {
    await requireCompanySite(tx, companyId, siteId);
    await repo.deleteSiteSettings(tx, companyId, siteId);
    return readPublication(tx, companyId);
  });
}
