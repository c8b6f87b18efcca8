import { lookupMessages, type SchemeSearchReply, SEARCH_MAX_PAGES } from '@app/contract/lookup';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { SEARCH_COUNTED_ONCE } from '../../limits';
import { countInDatabase } from '../../plugins/rate-limit';
import type { CachedSign } from './cache';
import * as repo from './repository';

/** One page of the schemes a search finds; there is never a page beyond SEARCH_MAX_PAGES. */
export async function searchSchemes(q: Queryable, term: string, page: number): Promise<SchemeSearchReply> {
  const { results, hasMore } = await repo.searchSchemes(q, term, page);
  return { results, page, hasMore: hasMore && page < SEARCH_MAX_PAGES };
}

/**
 * Counts a look-up for the operator's figures: the term and the sign it found, nothing of the
 * person. `client` is the caller's address as the rate limits key it (an IPv6 /64 is one client).
 */
export async function recordSearch(
  ctx: { db: Queryable; findSign: (term: string) => Promise<CachedSign | undefined> },
  record: { term: string; stickerId: number | null; brand: string; client: string },
): Promise<void> {
  const { term, stickerId, brand, client } = record;
  if (stickerId !== null) {
    // Only a term that really finds the sign counts for it, so nobody can raise another
    // operator's figures by naming their sign.
    const found = (await ctx.findSign(term))?.sign;
    if (found?.id !== stickerId) throw new HttpError(400, lookupMessages.recordMismatch);
    // One look-up per client per sign per hour; repeats are taken and not counted.
    const seen = await countInDatabase(
      ctx.db,
      { name: 'search-record', per: 'seen', subject: `${client}:${stickerId}` },
      SEARCH_COUNTED_ONCE,
    );
    if (!seen.within) return;
  }
  await repo.addSearchRecord(ctx.db, { term, stickerId, brand });
}
