import type { RouteLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;

/**
 * Generous for a person, tight enough that walking the register page by page is pointless. The
 * look-ups are public reads, counted in memory per instance; recording one writes, and counts in
 * the database.
 */
export const lookupLimits = {
  search: { name: 'lookup-search', perAddress: { max: 60, windowMs: MINUTE }, inMemory: true },
  record: { name: 'search-record', perAddress: { max: 120, windowMs: MINUTE } },
} satisfies Record<string, RouteLimit>;
