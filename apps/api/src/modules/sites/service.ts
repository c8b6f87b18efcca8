import { messages } from '@app/contract/messages';
import type { SiteRecord, SiteSummary } from '@app/contract/workspace';
import type { Db, Queryable } from '../../db/db';
import type { AuthUser } from '../../lib/auth-user';
import { HttpError } from '../../lib/http-error';
import * as repo from './repository';

/**
 * Finds a user's company by the user's id. The users module reads it (the users' table is its
 * own) and the registry hands it here, as the users module builds on the sites (docs/architecture.md).
 */
export type FindUser = (q: Queryable, id: number) => Promise<{ companyId: number } | undefined>;

// Sites belong to a company: every call reads and writes only the caller's company's sites, and
// another company's site, or user, is answered as not found so its existence is not told.
const notFound = () => new HttpError(404, messages.server.notFound);

/** The sites of the caller's company, asked for by the company's id. */
export async function listSitesOfCompany(
  q: Queryable,
  user: AuthUser,
  companyId: number,
): Promise<SiteSummary[]> {
  if (companyId !== user.companyId) throw notFound();
  return repo.listCompanySites(q, user.companyId);
}

/** The sites of the caller's company, asked for by the id of one of its users (the caller or another). */
export async function listSitesOfUser(
  q: Queryable,
  findUser: FindUser,
  user: AuthUser,
  userId: number,
): Promise<SiteSummary[]> {
  const other = await findUser(q, userId);
  if (!other || other.companyId !== user.companyId) throw notFound();
  return repo.listCompanySites(q, user.companyId);
}

async function companySite(q: Queryable, companyId: number, siteId: number): Promise<SiteRecord> {
  const site = await repo.findCompanySite(q, companyId, siteId);
  if (!site) throw notFound();
  return site;
}

export function readSite(q: Queryable, companyId: number, siteId: number): Promise<SiteRecord> {
  return companySite(q, companyId, siteId);
}

/** Adds a site; its details count as confirmed now, as they were typed in now. */
export function addSite(db: Db, companyId: number, fields: repo.SiteFields): Promise<SiteRecord> {
  return db.transaction(async (tx) => {
    const id = await repo.insertSite(tx, companyId, fields);
    return companySite(tx, companyId, id);
  });
}

/** Saves a site's details, which confirms them; its signs take its new name in the same statement. */
export function editSite(
  db: Db,
  companyId: number,
  siteId: number,
  fields: repo.SiteFields,
): Promise<SiteRecord> {
  return db.transaction(async (tx) => {
    await repo.updateSite(tx, companyId, siteId, fields);
    return companySite(tx, companyId, siteId);
  });
}

/** "These details are still correct". */
export async function confirmSite(q: Queryable, companyId: number, siteId: number): Promise<SiteRecord> {
  await repo.confirmSiteDetails(q, companyId, siteId);
  return companySite(q, companyId, siteId);
}
