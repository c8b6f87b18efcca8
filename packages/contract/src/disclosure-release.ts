// A disclosure released to a request's visitor: files and the reply letter, downloaded through the
// private link and a one-time code mailed to the request's address (docs/decisions/0050).
import { z } from './zod';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** The one-time code's length in digits. */
export const DISCLOSURE_CODE_DIGITS = 8;
/** How long a mailed code works. */
export const DISCLOSURE_CODE_MINUTES = 15;
/** Wrong tries a code takes before it dies. */
export const DISCLOSURE_CODE_ATTEMPTS = 5;
/** How long a download grant works once a code is exchanged. */
export const DISCLOSURE_GRANT_MINUTES = 60;

// ---- POST /api/requests/{id}/disclosures
export const releaseBody = z.object({
  /** Ids of the request's files (GET /api/requests/{id}/clips), each complete. */
  fileIds: z.array(z.number().int().positive()).min(1).max(50),
  /** The reply letter, printed as the PDF the visitor downloads with the files. */
  letter: z.string().trim().min(1).max(20_000),
});
export type ReleaseBody = z.infer<typeof releaseBody>;

export const disclosureItem = z.object({
  id: z.number().int(),
  filename: z.string(),
  sha256,
  sizeBytes: z.number().int(),
  downloads: z.number().int(),
});

export const DISCLOSURE_STATES = ['available', 'expired', 'revoked'] as const;

export const disclosureSummary = z.object({
  id: z.number().int(),
  state: z.enum(DISCLOSURE_STATES),
  releasedAt: z.string(),
  releasedBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** When its copies were deleted from storage (the hashes and log stay). */
  copiesDeletedAt: z.string().nullable(),
  files: z.array(disclosureItem),
  letter: z.object({ sha256, sizeBytes: z.number().int() }),
});
export type DisclosureSummary = z.infer<typeof disclosureSummary>;

export const disclosuresReply = z.object({ disclosures: z.array(disclosureSummary) });
export type DisclosuresReply = z.infer<typeof disclosuresReply>;

// ---- POST /api/requests/visitor/{reference}/disclosures/{id}/code
export const codeSentReply = z.object({ sentTo: z.string(), expiresAt: z.string() });

// ---- POST /api/requests/visitor/{reference}/disclosures/{id}/grant
export const grantBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6,12}$/),
});
export const grantReply = z.object({
  /** Also set as an httpOnly cookie scoped to the disclosure's downloads; or sent as X-Disclosure-Grant. */
  grant: z.string(),
  expiresAt: z.string(),
});

export const disclosureReleaseMessages = {
  fileNotReady: 'Every file released must be uploaded in full.',
  decisionFirst:
    'Record your decision to disclose, with its legal basis, before releasing footage to the police, an insurer or a solicitor.',
  notAnswerable:
    'A disclosure can be released only to a request that is open or answered, and not while proof of identity is awaited.',
  ended: 'This disclosure has expired or been withdrawn, and its files have been deleted.',
  codeWrong: 'That code is not right, or no longer works. Ask for a new code.',
  grantNeeded: 'Enter the code we sent to your e-mail address before downloading.',
  rangeNotSatisfiable: 'That part of the file does not exist.',
  alreadyRevoked: 'This disclosure has already ended.',
} as const;
