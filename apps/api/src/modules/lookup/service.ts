import { type SchemeSearchReply, SEARCH_MAX_PAGES } from '@app/contract/lookup';
import type { Queryable } from '../../db/db';
import * as repo from './repository';

/** One page of the schemes a search finds; there is never a page beyond SEARCH_MAX_PAGES. */
export async function searchSchemes(q: Queryable, term: string, page: number): Promise<SchemeSearchReply> {
  const { results, hasMore } = await repo.searchSchemes(q, term, page);
  return { results, page, hasMore: hasMore && page < SEARCH_MAX_PAGES };
}

/** Counts a look-up for the operator's figures: the term and the sign it found, nothing of the person. */
export function recordSearch(
  q: Queryable,
  record: { term: string; stickerId: number | null; brand: string },
): Promise<void> {
  return repo.addSearchRecord(q, record);
}
