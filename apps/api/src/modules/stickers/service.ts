import type {
  IssuedSticker,
  LinkedSticker,
  StickerCheckReply,
  stickerLinkBody,
} from '@app/contract/accounts';
import { signRefKey } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import {
  type addSiteStickerBody,
  type changeSiteStickerBody,
  type changeSiteStickerReply,
  type SiteSticker,
  workspaceMessages,
} from '@app/contract/workspace';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import type { AuthUser } from '../../lib/auth-user';
import { HttpError } from '../../lib/http-error';
import { findCompanySite } from '../sites/repository';
import { stickerOnYourSite } from './on-your-site';
import {
  claimSticker,
  findStickerById,
  findStickerBySignRef,
  issueStickers,
  lockStickerById,
  lockStickerBySignRef,
  moveSticker,
  retireSticker,
  type StickerRow,
  siteStickers,
  toLinkedSticker,
} from './repository';

/**
 * Step 1 of sign-up: is there a free sticker with this sign reference and prefix number? A wrong
 * prefix number is answered like an unknown sticker, so the answer does not help guess it.
 */
export async function checkSticker(
  q: Queryable,
  body: { signRef: string; prefixNo: string },
): Promise<StickerCheckReply> {
  const sticker = await findStickerBySignRef(q, body.signRef);
  if (!sticker || sticker.prefix_no !== body.prefixNo) {
    return { success: false, message: messages.server.stickerNotFound, result: [] };
  }
  const result = [{ id: sticker.id, siteId: sticker.site_id, prefixNo: sticker.prefix_no }];
  if (sticker.site_id !== null) return { success: false, message: messages.server.stickerTaken, result };
  return { success: true, message: messages.server.stickerFound, result };
}

/**
 * PUT /api/stickers/{id} after sign-up. Sign-up has linked the sticker already (in its own
 * transaction, docs/decisions/0002), so this confirms that link and changes nothing: the sticker
 * must be linked to that site of the caller's company, with that sign reference and prefix number.
 */
export async function confirmStickerLink(
  q: Queryable,
  user: AuthUser,
  id: number,
  body: z.output<typeof stickerLinkBody>,
): Promise<LinkedSticker> {
  const sticker = await findStickerById(q, id);
  if (!sticker || (sticker.company_id !== null && sticker.company_id !== user.companyId)) {
    throw new HttpError(404, messages.server.notFound);
  }
  const linked = toLinkedSticker(sticker);
  if (!linked) throw new HttpError(409, messages.server.stickerNotLinked);
  if (signRefKey(sticker.sign_ref) !== signRefKey(body.signRef) || sticker.prefix_no !== body.prefixNo) {
    throw new HttpError(409, messages.server.stickerMismatch);
  }
  if (linked.siteId !== body.siteId || linked.companyId !== body.companyId) {
    throw new HttpError(409, messages.server.stickerOtherSite);
  }
  return linked;
}

/** New stickers for the sticker CLI: all of them or, should drawing fail, none. */
export function issueNewStickers(db: Db, count: number): Promise<IssuedSticker[]> {
  return db.transaction((tx) => issueStickers(tx, count));
}

// ---- The signs of a company's sites (the workspace)

const notFound = () => new HttpError(404, messages.server.notFound);

export function toSiteSticker(row: StickerRow): SiteSticker {
  if (row.site_id === null || row.company_id === null || row.start_date === null) throw notFound();
  return {
    id: row.id,
    siteId: row.site_id,
    companyId: row.company_id,
    signRef: row.sign_ref,
    prefixNo: row.prefix_no,
    siteName: row.site_name,
    startDate: row.start_date.toISOString(),
  };
}

/**
 * SQLSTATEs of a change that met another at the same moment: a deadlock, a serialization
 * failure, a row it pointed at gone (foreign key), a check the other change made false.
 */
const raceCodes = new Set(['40P01', '40001', '23503', '23514']);

function lostRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && raceCodes.has(code);
}

/** A sticker of this company; any other sticker is answered as not found. */
async function companySticker(q: Queryable, companyId: number, id: number): Promise<StickerRow> {
  const row = await findStickerById(q, id);
  if (!row || row.company_id !== companyId) throw notFound();
  return row;
}

/** The signs of a site of the company; another company's site is answered as not found. */
export async function listSiteStickers(db: Db, companyId: number, siteId: number): Promise<SiteSticker[]> {
  if (!(await findCompanySite(db, companyId, siteId))) throw notFound();
  const rows = await siteStickers(db, siteId, companyId);
  return rows.map(toSiteSticker);
}

export async function siteSticker(db: Db, companyId: number, id: number): Promise<SiteSticker> {
  return toSiteSticker(await companySticker(db, companyId, id));
}

/**
 * Adds a free sticker to a site of the user's company. A wrong sign reference or prefix number is
 * a 400 with messages.server.stickerNotFound (the caller counts it as a guess).
 */
export function addSiteSticker(
  db: Db,
  user: AuthUser,
  b: z.output<typeof addSiteStickerBody>,
): Promise<SiteSticker> {
  return db.transaction(async (tx) => {
    const site = await findCompanySite(tx, user.companyId, b.siteId);
    if (!site) throw notFound();
    // Locked so that two claims of one sticker queue, and exactly one wins.
    // Found by its reference's key: hyphens, spaces and case forgiven.
    const sticker = await lockStickerBySignRef(tx, b.signRef);
    if (!sticker || sticker.prefix_no !== b.prefixNo)
      throw new HttpError(400, messages.server.stickerNotFound);
    // On one of the company's own sites: says which, so it can be moved (move-here.ts).
    if (sticker.site_id !== null && sticker.company_id === user.companyId) {
      throw await stickerOnYourSite(tx, user.companyId, sticker);
    }
    // Claimed only while free: anyone else's sticker is taken.
    const row = await claimSticker(tx, {
      stickerId: sticker.id,
      siteId: site.id,
      companyId: user.companyId,
      userId: user.id,
      siteName: site.name,
    });
    if (!row) throw new HttpError(409, messages.server.stickerTaken);
    return toSiteSticker(row);
  });
}

/** Moves a sign to another site of the company, or retires it; a change that meets another is a 409. */
export async function changeSiteSticker(
  db: Db,
  companyId: number,
  id: number,
  body: z.output<typeof changeSiteStickerBody>,
): Promise<z.output<typeof changeSiteStickerReply>> {
  // Ours before any lock is taken: a sign that stops being ours while we wait lost a race (409).
  await companySticker(db, companyId, id);
  const changed = () => new HttpError(409, workspaceMessages.stickerChanged);
  try {
    return await db.transaction(async (tx) => {
      // Locked: a move, a retirement and a claim of one sign run one after another.
      const sticker = await lockStickerById(tx, id);
      if (!sticker || sticker.company_id !== companyId) throw changed();
      if (body.action === 'retire') {
        if (!(await retireSticker(tx, sticker.id, companyId))) throw changed();
        return { message: workspaceMessages.stickerRetired, sticker: null };
      }
      const site = await findCompanySite(tx, companyId, body.siteId);
      if (!site) throw notFound();
      const row = await moveSticker(tx, {
        stickerId: sticker.id,
        siteId: site.id,
        siteName: site.name,
        companyId,
      });
      if (!row) throw changed();
      return { message: workspaceMessages.stickerMoved, sticker: toSiteSticker(row) };
    });
  } catch (error) {
    if (lostRace(error)) throw changed();
    throw error;
  }
}
