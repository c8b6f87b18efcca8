import { lookupMessages, SEARCH_MAX_PAGES, SEARCH_TERM_MAX, SEARCH_TERM_MIN } from './lookup-text';
import { z } from './zod';

export {
  lookupMessages,
  SEARCH_MAX_PAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_TERM_MAX,
  SEARCH_TERM_MIN,
} from './lookup-text';

// The public look-up: who runs a scheme and how to reach them, and the relay form.

export const publishedContactSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  relay: z.boolean(),
  contactText: z.string().nullable(),
});
export type PublishedContactReply = z.infer<typeof publishedContactSchema>;

/** One scheme (a site of an operator) as the public sees it. */
export const schemeSchema = z.object({
  siteId: z.number(),
  operator: z.string(),
  siteName: z.string(),
  town: z.string(),
  postcode: z.string(),
  /** The key information the operator wrote: purpose, review, retention. */
  purpose: z.string(),
  /** How many days recordings are kept; null when the operator has not said. */
  retentionDays: z.number().nullable(),
  contact: publishedContactSchema,
  /** When the operator last confirmed the details (ISO), null when never. */
  detailsConfirmedAt: z.string().nullable(),
  mayBeOutOfDate: z.boolean(),
  /** A sign reference of the site, for its public page. */
  signRef: z.string().nullable(),
});
export type Scheme = z.infer<typeof schemeSchema>;

// ---- GET /api/stickers/search/{term}: exact reference, hyphens and case forgiven
export const signLookupParams = z.object({ term: z.string().trim().min(1).max(40) });
export const signLookupReply = z.object({
  id: z.number(),
  signRef: z.string(),
  registered: z.boolean(),
  scheme: schemeSchema.nullable(),
});
export type SignLookupReply = z.infer<typeof signLookupReply>;

// ---- GET /api/lookup/search?q=&page=
export const schemeSearchQuery = z.object({
  q: z.string().trim().min(SEARCH_TERM_MIN, lookupMessages.termTooShort).max(SEARCH_TERM_MAX),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGES).default(1),
});
export const schemeSearchReply = z.object({
  results: z.array(schemeSchema),
  page: z.number(),
  /** Another page exists (and is within the cap). */
  hasMore: z.boolean(),
});
export type SchemeSearchReply = z.infer<typeof schemeSearchReply>;

// ---- POST /api/search-records/add
export const searchRecordBody = z.object({
  term: z.string().trim().min(1).max(SEARCH_TERM_MAX),
  stickerId: z.number().int().positive().nullable().optional(),
});
export const searchRecordReply = z.object({ success: z.literal(true) });
