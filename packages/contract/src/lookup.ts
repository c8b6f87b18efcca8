import {
  lookupMessages,
  RELAY_KINDS,
  SEARCH_MAX_PAGES,
  SEARCH_TERM_MAX,
  SEARCH_TERM_MIN,
} from './lookup-text';
import { isSingleLine, singleLineMessage } from './single-line';
import { z } from './zod';

export {
  lookupMessages,
  RELAY_KINDS,
  relayKindLabels,
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

// ---- POST /api/signs/{signRef}/contact: the relay
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date.');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time like 14:30.');

export const relayBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter your name.')
      .max(100)
      .refine(isSingleLine, singleLineMessage('Your name')),
    email: z.email('Please enter a valid e-mail address.').trim().max(254),
    kind: z.enum(RELAY_KINDS),
    message: z.string().trim().max(4000).default(''),
    footageDate: isoDate.optional(),
    timeFrom: clock.optional(),
    timeTo: clock.optional(),
    location: z
      .string()
      .trim()
      .max(400)
      .refine(isSingleLine, singleLineMessage('Where you were'))
      .default(''),
    description: z.string().trim().max(2000).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'footage') {
      if (!body.footageDate)
        ctx.addIssue({ code: 'custom', path: ['footageDate'], message: 'Enter the date.' });
      if (!body.timeFrom || !body.timeTo)
        ctx.addIssue({ code: 'custom', path: ['timeFrom'], message: 'Enter the time window.' });
      if (!body.description)
        ctx.addIssue({
          code: 'custom',
          path: ['description'],
          message: 'Describe yourself so the operator can find you in the recording.',
        });
    } else if (!body.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Please write your message.' });
    }
  });
export type RelayBody = z.input<typeof relayBody>;
export const relayReply = z.object({ reference: z.string(), message: z.string() });

// ---- GET /api/relay/requests: the operator's Requests list
export const relayRequestSchema = z.object({
  id: z.number(),
  reference: z.string(),
  kind: z.enum(RELAY_KINDS),
  siteName: z.string(),
  signRef: z.string().nullable(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  message: z.string(),
  footageDate: z.string().nullable(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  location: z.string(),
  description: z.string(),
  receivedAt: z.string(),
  dueDate: z.string(),
  overwriteDate: z.string().nullable(),
  /** When the operator marked it answered; null while it is open. */
  answeredAt: z.string().nullable(),
  /** Open and due within a few days (never for an answered request). */
  dueSoon: z.boolean(),
  overwriteSoon: z.boolean(),
});
export type RelayRequest = z.infer<typeof relayRequestSchema>;
export const relayRequestsReply = z.object({ requests: z.array(relayRequestSchema) });

// ---- PUT /api/relay/requests/{id}: the operator marks a request answered, or open again
export const relayAnswerBody = z.strictObject({
  answered: z.boolean({ error: 'Say whether it is answered.' }),
});
export type RelayAnswerBody = z.infer<typeof relayAnswerBody>;

/** R-000123: what the visitor quotes and the operator sees. */
export function relayReference(id: number): string {
  return `R-${String(id).padStart(6, '0')}`;
}
