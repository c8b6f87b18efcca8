import { type IssuedSticker, type LinkedSticker, signRefKey } from '@app/contract/accounts';
import type { Queryable } from '../../db/db';
import { newPrefixNo, newSignRef } from './codes';

export interface StickerRow {
  id: number;
  sign_ref: string;
  prefix_no: string;
  site_id: number | null;
  company_id: number | null;
  user_id: number | null;
  start_date: Date | null;
  site_name: string | null;
}

const stickerColumns = 'id, sign_ref, prefix_no, site_id, company_id, user_id, start_date, site_name';

/** The sticker with this sign reference, hyphens, spaces and case forgiven. */
export function findStickerBySignRef(q: Queryable, signRef: string): Promise<StickerRow | undefined> {
  return q.maybeOne<StickerRow>(`select ${stickerColumns} from stickers where sign_ref_key = $1`, [
    signRefKey(signRef),
  ]);
}

/** The same, its row locked until the transaction ends: claims of one sticker queue here. */
export function lockStickerBySignRef(q: Queryable, signRef: string): Promise<StickerRow | undefined> {
  return q.maybeOne<StickerRow>(`select ${stickerColumns} from stickers where sign_ref_key = $1 for update`, [
    signRefKey(signRef),
  ]);
}

export function findStickerById(q: Queryable, id: number): Promise<StickerRow | undefined> {
  return q.maybeOne<StickerRow>(`select ${stickerColumns} from stickers where id = $1`, [id]);
}

/** The same, its row locked until the transaction ends: moves, retirements and claims of one sign queue here. */
export function lockStickerById(q: Queryable, id: number): Promise<StickerRow | undefined> {
  return q.maybeOne<StickerRow>(`select ${stickerColumns} from stickers where id = $1 for update`, [id]);
}

/**
 * Links a free sticker to a site. Sign-up has locked the sticker's row and found it free in the
 * same transaction, so it is still free here; the demo seed links its own demo sticker once.
 */
export async function linkSticker(
  q: Queryable,
  link: { stickerId: number; siteId: number; companyId: number; userId: number; siteName: string },
): Promise<void> {
  await q.query(
    `update stickers set site_id = $2, company_id = $3, user_id = $4, site_name = $5, start_date = now()
      where id = $1 and site_id is null`,
    [link.stickerId, link.siteId, link.companyId, link.userId, link.siteName],
  );
}

/** The signs of a company's site, by sign reference. */
export function siteStickers(q: Queryable, siteId: number, companyId: number): Promise<StickerRow[]> {
  return q.query<StickerRow>(
    `select ${stickerColumns} from stickers where site_id = $1 and company_id = $2 order by sign_ref`,
    [siteId, companyId],
  );
}

/** Links a free sticker to a site and returns it; undefined when it was no longer free. */
export async function claimSticker(
  q: Queryable,
  claim: { stickerId: number; siteId: number; companyId: number; userId: number; siteName: string },
): Promise<StickerRow | undefined> {
  const [row] = await q.query<StickerRow>(
    `update stickers set site_id = $2, company_id = $3, user_id = $4, site_name = $5, start_date = now()
      where id = $1 and site_id is null
      returning ${stickerColumns}`,
    [claim.stickerId, claim.siteId, claim.companyId, claim.userId, claim.siteName],
  );
  return row;
}

/** Releases the company's sign (free again, showing nobody); false when it was not the company's. */
export async function retireSticker(q: Queryable, id: number, companyId: number): Promise<boolean> {
  const rows = await q.query(
    `update stickers set site_id = null, company_id = null, user_id = null, site_name = null, start_date = null
      where id = $1 and company_id = $2
      returning id`,
    [id, companyId],
  );
  return rows.length === 1;
}

/** Moves the company's sign to another of its sites; undefined when it was not the company's. */
export async function moveSticker(
  q: Queryable,
  move: { stickerId: number; siteId: number; siteName: string; companyId: number },
): Promise<StickerRow | undefined> {
  const [row] = await q.query<StickerRow>(
    `update stickers set site_id = $2, site_name = $3 where id = $1 and company_id = $4
      returning ${stickerColumns}`,
    [move.stickerId, move.siteId, move.siteName, move.companyId],
  );
  return row;
}

export function toLinkedSticker(row: StickerRow): LinkedSticker | undefined {
  if (row.site_id === null || row.company_id === null || row.start_date === null) return undefined;
  return {
    id: row.id,
    siteId: row.site_id,
    companyId: row.company_id,
    userId: row.user_id,
    signRef: row.sign_ref,
    siteName: row.site_name,
    startDate: row.start_date.toISOString(),
    prefixNo: row.prefix_no,
  };
}

/**
 * Inserts `count` new stickers with random sign references and prefix numbers, in one statement
 * per round: a reference that happens to exist already is skipped and drawn again.
 */
export async function issueStickers(q: Queryable, count: number): Promise<IssuedSticker[]> {
  const issued: IssuedSticker[] = [];
  for (let round = 0; issued.length < count; round++) {
    if (round >= 10) throw new Error('Could not draw enough unused sign references');
    const wanted = count - issued.length;
    const refs = new Set<string>();
    while (refs.size < wanted) refs.add(newSignRef());
    const signRefs = [...refs];
    const rows = await q.query<{ sign_ref: string; prefix_no: string }>(
      `insert into stickers (sign_ref, sign_ref_key, prefix_no)
       select ref, regexp_replace(ref, '[^A-Z0-9]', '', 'g'), prefix
         from unnest($1::text[], $2::text[]) as t(ref, prefix)
       on conflict do nothing
       returning sign_ref, prefix_no`,
      [signRefs, signRefs.map(() => newPrefixNo())],
    );
    issued.push(...rows.map((r) => ({ signRef: r.sign_ref, prefixNo: r.prefix_no })));
  }
  return issued;
}
