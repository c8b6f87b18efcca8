// The company's disclosure log: every disclosure it released through the product and every decision
// on a third party's request, with what went, its hashes, who authorised it and how it ended
// (docs/decisions/0053-the-disclosure-log.md).
import { z } from './zod';

/** Entries the page shows, newest first; the CSV holds every one. */
export const DISCLOSURE_LOG_PAGE = 500;

export const DISCLOSURE_LOG_KINDS = [
  /** Files and the reply letter released through the product to the request's visitor. */
  'released',
  /** A third party's request (police, insurer, solicitor) answered with a disclosure. */
  'third_party_disclosed',
  /** A third party's request declined, with the reasons. */
  'third_party_declined',
  /** Footage handed over outside the product (e.g. to a force's own upload link): what, when, to whom. */
  'handed_over_outside',
] as const;
export type DisclosureLogKind = (typeof DISCLOSURE_LOG_KINDS)[number];

export const DISCLOSURE_LOG_STATES = ['available', 'expired', 'revoked', 'declined', 'recorded'] as const;

export const disclosureLogEntry = z.object({
  /** Unique in the log: `d<disclosure id>` or `e<history entry id>`. */
  key: z.string(),
  kind: z.enum(DISCLOSURE_LOG_KINDS),
  at: z.string(),
  requestId: z.number().int(),
  reference: z.string(),
  recipient: z.string(),
  organisation: z.string(),
  legalBasis: z.string(),
  /** What went, each with its SHA-256 (empty for a decline). */
  items: z.array(
    z.object({
      filename: z.string(),
      sha256: z.string().nullable(),
      sizeBytes: z.number().int().nullable(),
    }),
  ),
  authorisedBy: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  state: z.enum(DISCLOSURE_LOG_STATES),
  /** Downloads logged (files, letter and packs, each resumed part counted); null when not through the product. */
  downloads: z.number().int().nullable(),
  /** The reasons or note written with the decision. */
  note: z.string(),
});
export type DisclosureLogEntry = z.infer<typeof disclosureLogEntry>;

export const disclosureLogReply = z.object({
  entries: z.array(disclosureLogEntry),
  /** Every entry of the company; above DISCLOSURE_LOG_PAGE the page shows the newest, the CSV all. */
  total: z.number().int(),
});
export type DisclosureLogReply = z.infer<typeof disclosureLogReply>;

/** The CSV's columns, in order. */
export const DISCLOSURE_LOG_COLUMNS = [
  'date',
  'kind',
  'reference',
  'recipient',
  'organisation',
  'legal basis',
  'what was disclosed',
  'sha256',
  'authorised by',
  'expires',
  'revoked',
  'revoked by',
  'state',
  'downloads',
  'note',
] as const;
